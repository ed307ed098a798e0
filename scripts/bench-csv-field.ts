/**
 * npm run bench:csv-field -- [--mb 100]
 *
 * What the upload's reading of a CSV file costs when a quote in row 2 never closes (issue 26 point 5, decision
 * 0057): writes a file of about `--mb` megabytes whose second row opens a quote in its last cell, reads it as the
 * upload does (analyseCsv) and reports whether it was refused, the time and the process's peak RSS (sampled every
 * 20 ms). Before decision 0057 the whole rest of the file was read into one string and the file was accepted.
 * The last line is one JSON object.
 */
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { analyseCsv } from "../app/imports/file.server";
import { intArg, parseArgs } from "./args";

const megabytes = intArg(parseArgs(process.argv.slice(2)), "mb", 100);
const dir = mkdtempSync(path.join(os.tmpdir(), "metryka-bench-csv-field-"));
try {
  const file = path.join(dir, "unclosed.csv");
  const line = `3;Nowak;Jan;1851;${"x".repeat(80)}\n`;
  // Written a megabyte at a time, so the file's text is not in this process's memory when it is read.
  const block = line.repeat(Math.ceil((1024 * 1024) / line.length));
  writeFileSync(file, `Nr;Nazwisko;Imie;Data;Uwagi\n2;Kowalski;Jan;1850;"never closed\n`);
  for (let i = 0; i < megabytes; i++) appendFileSync(file, block);
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  const result = await analyseCsv(file);
  const ms = Math.round(performance.now() - started);
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const refused = !result.ok;
  console.log(`${megabytes} MB, quote open from row 2: ${refused ? "refused" : "accepted"} in ${ms} ms`);
  if (!result.ok) console.log(result.message);
  console.log(`peak RSS ${Math.round(peak / 1048576)} MB`);
  console.log(JSON.stringify({ megabytes, refused, ms, peakRssMb: Math.round(peak / 1048576) }));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
