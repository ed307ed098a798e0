/**
 * npm run bench:outage -- [--users 20] [--seed-records 2000] [--warmup-seconds 10] [--away-seconds 15]
 *                         [--after-seconds 15] [--rounds 3] [--restart-cluster]
 *
 * Issue 13 point 5, long form: PostgreSQL goes away under load and comes back, several times, and how the site
 * behaves is timed. Starts the production build (`npm run build` first) on a fresh PostgreSQL database
 * (TEST_DATABASE_URL) with the demo seed, lets --users visitors search without a pause, and in each round takes the
 * database away for --away-seconds, then watches for --after-seconds. By default only the server's own database
 * goes (its connections terminated, as in a restart, and new ones refused), so other users of the cluster carry
 * on; --restart-cluster stops and starts the whole local cluster with pg_ctlcluster, a real restart that everyone
 * on it sees: run it alone.
 * Per round it prints the statuses, how long the site took to notice (first 503), to recover (first 200 after the
 * database is back with no 503 after it) and how long it answered 503, and whether /healthz said so; as its last
 * line one JSON object. Exits 1 on any answer other than a 200 or the 503 page with Retry-After, a failed
 * connection, a server that exited, or a round the site did not recover from.
 */
import { percentile, round } from "./bench-kit";
import { intArg, parseArgs } from "./args";
import { bringDatabaseBack, controlCluster, outageLoad, outageTimeline, takeDatabaseAway } from "../http-tests/outage";
import { postgresAdminUrl, startServer } from "../http-tests/server";

const args = parseArgs(process.argv.slice(2));
const users = intArg(args, "users", 20);
const seedRecords = intArg(args, "seed-records", 2_000);
const warmupSeconds = intArg(args, "warmup-seconds", 10);
const awaySeconds = intArg(args, "away-seconds", 15);
const afterSeconds = intArg(args, "after-seconds", 15);
const rounds = intArg(args, "rounds", 3);
const restartCluster = args.has("restart-cluster");

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A time for the JSON line: whole milliseconds, or null when it never happened. */
const wholeMs = (ms: number | undefined) => (ms === undefined ? null : Math.round(ms));

async function healthzSays(url: string): Promise<string> {
  try {
    const response = await fetch(`${url}/healthz`);
    const body = (await response.json()) as { status?: string; reachable?: boolean };
    return `${response.status} ${body.status} reachable=${body.reachable}`;
  } catch (error) {
    return `failed: ${String(error)}`;
  }
}

async function main() {
  if (!postgresAdminUrl) throw new Error("TEST_DATABASE_URL is needed: this benchmark runs on PostgreSQL");
  const server = await startServer({ kind: "postgres", seedRecords });
  const results = [];
  let failed = false;
  try {
    const load = outageLoad(server, users);
    await sleep(warmupSeconds * 1000);
    const marks: Array<{ awayAt: number; backAt: number; healthAway: string; healthBack: string }> = [];
    for (let round_ = 0; round_ < rounds; round_++) {
      const awayAt = load.now();
      if (restartCluster) controlCluster("stop");
      else await takeDatabaseAway(server.databaseName!);
      await sleep(Math.min(2_000, awaySeconds * 500));
      const healthAway = await healthzSays(server.url);
      await sleep(Math.max(0, awaySeconds * 1000 - (load.now() - awayAt)));
      if (restartCluster) controlCluster("start");
      else await bringDatabaseBack(server.databaseName!);
      const backAt = load.now();
      await sleep(afterSeconds * 1000);
      marks.push({ awayAt, backAt, healthAway, healthBack: await healthzSays(server.url) });
    }
    const { answers, failures } = await load.stop();
    const exited = server.exited();
    for (const [i, mark] of marks.entries()) {
      const end = marks[i + 1]?.awayAt ?? Number.POSITIVE_INFINITY;
      // A round runs from its database going away to the next one's (the first also holds the warm-up).
      const start = i === 0 ? 0 : mark.awayAt;
      const inRound = answers.filter((a) => a.at >= start && a.at < end);
      const timeline = outageTimeline(inRound, mark.awayAt, mark.backAt);
      const latencies = inRound.map((a) => a.ms).sort((a, b) => a - b);
      const result = {
        round: i + 1,
        requests: inRound.length,
        statuses: timeline.statuses,
        noticedMs: wholeMs(timeline.noticedMs),
        unavailableMs: wholeMs(timeline.unavailableMs),
        recoveredMs: wholeMs(timeline.recoveredMs),
        p99Ms: round(percentile(latencies, 99)),
        healthzWhileAway: mark.healthAway,
        healthzAfter: mark.healthBack,
      };
      if (result.recoveredMs === null || !mark.healthBack.startsWith("200")) failed = true;
      results.push(result);
      console.log(
        `round ${result.round}: ${result.requests} requests ${JSON.stringify(result.statuses)}; noticed after ` +
          `${result.noticedMs} ms, 503 for ${result.unavailableMs} ms, recovered ${result.recoveredMs} ms after the ` +
          `database was back; p99 ${result.p99Ms} ms; /healthz away: ${mark.healthAway}, after: ${mark.healthBack}`,
      );
    }
    if (failures.length) {
      failed = true;
      const counts = new Map<string, number>();
      for (const f of failures) counts.set(f, (counts.get(f) ?? 0) + 1);
      console.log("unexpected answers:", JSON.stringify([...counts]));
    }
    if (exited) {
      failed = true;
      console.log("the server exited:\n" + server.output());
    }
    console.log(
      JSON.stringify({
        bench: "outage",
        mode: restartCluster ? "cluster restart" : "own database terminated and refused",
        users,
        awaySeconds,
        requests: answers.length,
        unexpected: failures.length,
        serverExited: exited,
        rounds: results,
      }),
    );
  } finally {
    if (restartCluster) {
      try {
        controlCluster("start");
      } catch {
        // Already running.
      }
    }
    await bringDatabaseBack(server.databaseName!).catch(() => {});
    await server.stop();
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
