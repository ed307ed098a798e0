/** Minimal `--name value` / `--flag` parsing for the project's scripts. */
export function parseArgs(argv: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith("--")) continue;
    const [name, inline] = arg.slice(2).split("=", 2);
    if (inline !== undefined) out.set(name, inline);
    else if (i + 1 < argv.length && !argv[i + 1].startsWith("--")) out.set(name, argv[++i]);
    else out.set(name, "true");
  }
  return out;
}

export function intArg(args: Map<string, string>, name: string, fallback: number): number {
  const raw = args.get(name);
  if (raw === undefined) return fallback;
  const n = Number(raw.replace(/_/g, ""));
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number, got ${raw}`);
  return n;
}
