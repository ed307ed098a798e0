import { execFile } from "node:child_process";

/**
 * Running one of the project's scripts (a benchmark, an audit) as a person would, and reading the JSON object its
 * last line prints. A script that exits non-zero still gives its summary (an audit's findings exit 1); one that
 * prints none fails with what it printed.
 */
export function runScript<T>(script: string, args: string[]): Promise<{ code: number; summary: T; stdout: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ["--import", "tsx", script, ...args],
      { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, LOG_LEVEL: "warn" } },
      (err, stdout, stderr) => {
        const code = err ? Number((err as { code?: number }).code ?? 1) : 0;
        const last = stdout.trim().split("\n").at(-1) ?? "";
        if (!last.startsWith("{")) return reject(new Error(`no summary (exit ${code}):\n${stdout}\n${stderr}`));
        // What the script printed before its summary, for a failing expectation's message.
        resolve({ code, summary: JSON.parse(last) as T, stdout: stdout.slice(0, stdout.lastIndexOf(last)) });
      },
    );
  });
}
