/**
 * CSV for spreadsheets: RFC 4180 quoting, and cells that a spreadsheet would
 * run as a formula (=, +, -, @, tab, CR) are prefixed with an apostrophe so
 * an export can never carry an injected formula.
 */
export function csvCell(value: string | number | null | undefined): string {
  let s = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvLine(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}
