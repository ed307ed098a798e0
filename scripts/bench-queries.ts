/**
 * npm run bench:queries -- [--records 100000] [--kind sqlite|postgres] [--exports 20]
 *
 * Issue 26 point 2, the probe's figures: starts the production build (`npm run build` first; METRYKA_SERVER_DIR
 * runs another checkout's build, to measure the old one) with --records demo records (the default installation's
 * 100,000), and times, each with /healthz asked again and again meanwhile:
 * - the probe's broad search (one letter "contains" in five fields) alone, then its four letters a, e, i, o at once;
 * - an administrator's export of the St. Petersburg births alone, then --exports of them at once.
 * Prints a table and, as its last line, one JSON object with every figure (times in ms; `healthzMaxMs` is the
 * longest /healthz answer while that step ran). Exits 1 if the server exited or logged an error.
 */
import { intArg, parseArgs } from "./args";
import { PROBE_LETTERS, adminExport, probeSearch } from "../http-tests/query-load";
import { slowest, watchWhile } from "../http-tests/watch";
import { makeAccount, postgresAdminUrl, serverDir, startServer } from "../http-tests/server";

const args = parseArgs(process.argv.slice(2));
const records = intArg(args, "records", 100_000);
const exportsAtOnce = intArg(args, "exports", 20);
const kind = args.get("kind") === "postgres" ? "postgres" : "sqlite";

async function main() {
  if (kind === "postgres" && !postgresAdminUrl) throw new Error("TEST_DATABASE_URL is needed for --kind postgres");
  const server = await startServer({
    kind,
    seedRecords: records,
    env: { RATE_LIMIT_SEARCHES_PER_MINUTE: "0", RATE_LIMIT_EXPORTS_PER_MINUTE: "0" },
  });
  try {
    const database = server.openDatabase();
    const admin = await makeAccount(database, { role: "admin" });
    await database.close();
    const step = async (name: string, work: () => Promise<{ status: number; ms: number }[]>) => {
      const { result, elapsedMs, waits } = await watchWhile(server.url, ["/healthz"], work);
      const figures = {
        step: name,
        elapsedMs: Math.round(elapsedMs),
        eachMs: result.map((a) => Math.round(a.ms)),
        statuses: [...new Set(result.map((a) => a.status))],
        healthzMaxMs: slowest(waits, "/healthz"),
      };
      console.log(
        `${name.padEnd(22)} ${String(figures.elapsedMs).padStart(7)} ms  /healthz max ${String(figures.healthzMaxMs).padStart(6)} ms  statuses ${figures.statuses.join(",")}`,
      );
      return figures;
    };
    const steps = [
      await step("search alone", async () => [await probeSearch(server.url, "a")]),
      await step("4 searches at once", () => Promise.all(PROBE_LETTERS.map((l) => probeSearch(server.url, l)))),
      await step("export alone", async () => [await adminExport(server.url, admin.cookie)]),
      await step(`${exportsAtOnce} exports at once`, () =>
        Promise.all(Array.from({ length: exportsAtOnce }, () => adminExport(server.url, admin.cookie))),
      ),
    ];
    const failed = server.exited() || /"level":50/.test(server.output());
    console.log(JSON.stringify({ kind, records, server: serverDir, steps, failed }));
    if (failed) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

await main();
