/**
 * The one CSV writer of every export (search results, collections, place indexes, import problems): RFC 4180
 * quoting, and cells that a spreadsheet would run as a formula (=, +, -, @, tab, CR) are prefixed with an
 * apostrophe so an export can never carry an injected formula (OWASP, CSV injection). A cell holding either list
 * separator is quoted: Excel with Polish or German settings reads `;` as the separator, so `Kowalski;=1+1`
 * unquoted would put `=1+1` into a cell of its own, where it runs.
 */
export function csvCell(value: string | number | null | undefined): string {
  let s = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",;\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvLine(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}
