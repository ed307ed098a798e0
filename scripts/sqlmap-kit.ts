/**
 * The pure parts of `npm run audit:sqlmap` (scripts/audit-sqlmap.ts): which GET parameters a search page's form
 * sends, a harmless value for each (sqlmap injects after it), and what sqlmap's console output says it found.
 */

/**
 * A page's GET form fields and the query keys of its links to `path` (sort, view, paging), each with a value the
 * page accepts: a select's chosen option, a field's own value, or a plausible one, so that sqlmap's first, clean
 * request reaches the query rather than a 400.
 */
export function formParameters(html: string, path: string): Array<[string, string]> {
  const params = new Map<string, string>();
  const form = /<form[^>]*method="get"[^>]*>([\s\S]*?)<\/form>/i.exec(html)?.[1] ?? "";
  for (const match of form.matchAll(/<select\b[^>]*\bname="([^"]+)"[^>]*>([\s\S]*?)<\/select>/g)) {
    const options = [...match[2]!.matchAll(/<option[^>]*value="([^"]*)"([^>]*)>/g)];
    const chosen = options.find((o) => /selected/.test(o[2]!)) ?? options.find((o) => o[1] !== "") ?? options[0];
    params.set(match[1]!, decode(chosen?.[1] ?? ""));
  }
  for (const match of form.matchAll(/<(?:input|textarea)\b[^>]*\bname="([^"]+)"[^>]*>/g)) {
    if (params.has(match[1]!)) continue;
    const value = /\bvalue="([^"]*)"/.exec(match[0])?.[1];
    params.set(match[1]!, value ? decode(value) : sampleValue(match[1]!));
  }
  for (const match of html.matchAll(/href="([^"]*)"/g)) {
    const href = decode(match[1]!);
    const q = href.indexOf("?");
    if (q < 0 || href.slice(0, q) !== path) continue;
    for (const [key, value] of new URLSearchParams(href.slice(q + 1))) if (!params.has(key)) params.set(key, value);
  }
  return [...params];
}

const decode = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/**
 * A plausible value for a free-text field: a name or place for the name and place fields, a year for years, and
 * empty for the rest (an id, a member number, an e-mail, a map sheet, a place to search near must each have their
 * own form, and an empty field is what the form first shows).
 */
export function sampleValue(name: string): string {
  if (/year/i.test(name)) return "1850";
  if (name === "square") return "B4";
  if (/name|place|parish|research/i.test(name)) return "Schmidt";
  return "";
}

export interface SqlmapOutcome {
  /** Parameters sqlmap reported as injectable (or suspected and never cleared). */
  injectable: string[];
  /** Parameters it finished testing and found not injectable. */
  clean: string[];
  /**
   * Parameters a first test suspected and sqlmap's own false-positive check then cleared ("false positive or
   * unexploitable injection point detected", then "does not seem to be injectable"): counted clean, named apart.
   */
  cleared: string[];
}

/**
 * Reads sqlmap's console output (run with --disable-coloring), in order: a parameter's last verdict counts. A
 * suspicion that nothing later cleared stays a finding, and a confirmed injection point (the summary's
 * "Parameter: x (GET)") is one whatever came before it.
 */
export function readSqlmapOutput(text: string): SqlmapOutcome {
  const state = new Map<string, "suspected" | "cleared" | "clean">();
  const confirmed = new Set<string>();
  for (const line of text.split("\n")) {
    const summary = /^Parameter: (\S+) \(GET\)/.exec(line);
    if (summary) confirmed.add(summary[1]!);
    const suspected = /GET parameter '([^']+)' (?:is|appears to be) '[^']*' injectable/.exec(line);
    if (suspected) state.set(suspected[1]!, "suspected");
    const notInjectable = /GET parameter '([^']+)' does not seem to be injectable/.exec(line);
    if (notInjectable) {
      const name = notInjectable[1]!;
      state.set(name, state.get(name) === "suspected" ? "cleared" : "clean");
    }
  }
  const injectable = new Set(confirmed);
  for (const [name, verdict] of state) if (verdict === "suspected") injectable.add(name);
  const named = (verdict: string) =>
    [...state].filter(([name, v]) => v === verdict && !injectable.has(name)).map(([name]) => name);
  return { injectable: [...injectable], clean: named("clean"), cleared: named("cleared") };
}
