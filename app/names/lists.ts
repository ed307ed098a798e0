/**
 * Splits a research list as typed: items separated by commas or line breaks,
 * each trimmed with inner runs of spaces made one, empty items dropped and
 * repeats (without regard to case) kept once.
 */
export function splitList(typed: string): string[] {
  const seen = new Set<string>();
  const items: string[] = [];
  for (const raw of typed.split(/[,\r\n]/)) {
    const item = raw.replace(/\s+/g, " ").trim();
    if (!item || seen.has(item.toLowerCase())) continue;
    seen.add(item.toLowerCase());
    items.push(item);
  }
  return items;
}
