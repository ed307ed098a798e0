/**
 * Starts the production build (`build/server.js`) as its own process, the way
 * an operator runs it, for tests that attack it, starve it or take its
 * database away: each test file gets its own server, port, data folder and
 * (on PostgreSQL) its own database, so nothing it does reaches another test.
 *
 * METRYKA_SERVER_DIR runs another checkout's build (to see a test fail on an
 * older version).
 */
import { type ChildProcess, spawn, execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { createSession } from "~/auth/sessions.server";
import { createUser } from "~/auth/users.server";
import { type Database, openPostgres, openSqlite } from "~/db/connection.server";
import type { AccountStatus, Role } from "~/db/schema";

export const serverDir = path.resolve(process.env.METRYKA_SERVER_DIR ?? ".");
export const postgresAdminUrl = process.env.TEST_DATABASE_URL;

/** A route of the built server, as its route table states it. */
export interface BuiltRouteEntry {
  id: string;
  /** The path pattern; undefined for an index route (and "" for the root). */
  path: string | undefined;
  index: boolean;
  action: boolean;
  loader: boolean;
}

/** Every route of the build, the root included (read by node itself, outside Vite). */
export function builtRoutes(): BuiltRouteEntry[] {
  const script = `import(${JSON.stringify(pathToFileURL(path.join(serverDir, "build/server/index.js")).href)}).then((b) =>
    console.log(JSON.stringify(Object.values(b.routes).map((r) => ({ id: r.id, path: r.path, index: !!r.index, action: !!r.module.action, loader: !!r.module.loader })))))`;
  return JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" }));
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  kind: "sqlite" | "postgres";
  /** The server's own PostgreSQL database, when on PostgreSQL. */
  databaseName?: string;
  process: ChildProcess;
  /** Everything the server wrote (JSON log lines), for checking what it logged. */
  output(): string;
  exited(): boolean;
  openDatabase(): Database;
  /** Kills the process as a crash or an out-of-memory killer would (SIGKILL: no shutdown), keeping its data. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function adminQuery(sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: postgresAdminUrl });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function startServer(opts: {
  kind: "sqlite" | "postgres";
  env?: Record<string, string>;
  dataDir?: string;
  seedRecords?: number;
  /** A fixed port (benchmarks keep to their own range); a free one otherwise. */
  port?: number;
  /** Options for node itself, before the script (a benchmark's `--cpu-prof`). */
  nodeArgs?: string[];
  /** A PostgreSQL database an earlier server of the test used (a restart): kept, not created. */
  databaseName?: string;
}): Promise<RunningServer> {
  const port = opts.port ?? (await freePort());
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(os.tmpdir(), "metryka-http-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    SEED_RECORDS: String(opts.seedRecords ?? 0),
    // The tests search from one address far faster than a person: the search limit is off unless a test sets it.
    RATE_LIMIT_SEARCHES_PER_MINUTE: "0",
    ...opts.env,
  };
  delete env.DATABASE_URL;
  let databaseName: string | undefined;
  if (opts.kind === "postgres") {
    if (!postgresAdminUrl) throw new Error("TEST_DATABASE_URL is needed for a PostgreSQL server");
    databaseName = opts.databaseName ?? `metryka_http_${randomBytes(5).toString("hex")}`;
    if (!opts.databaseName) await adminQuery(`create database ${databaseName}`);
    const url = new URL(postgresAdminUrl);
    url.pathname = `/${databaseName}`;
    env.DATABASE_URL = url.toString();
  }
  let output = "";
  let exited = false;
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), "build/server.js"], {
    cwd: serverDir,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => (output += String(chunk)));
  child.stderr!.on("data", (chunk) => (output += String(chunk)));
  child.on("exit", () => (exited = true));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited) {
      // "exit" may come before the last of the server's output has been read: give the pipes a moment to close.
      await Promise.race([new Promise((r) => child.once("close", r)), new Promise((r) => setTimeout(r, 1_000))]);
      const how = child.signalCode ?? `code ${child.exitCode}`;
      throw new Error(`the server exited while starting (${how}):\n${output}`);
    }
    const ok = await fetch(`${url}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const openDb = () =>
    opts.kind === "postgres" ? openPostgres(env.DATABASE_URL!) : openSqlite(path.join(dataDir, "metryka.sqlite"));
  return {
    url,
    port,
    dataDir,
    kind: opts.kind,
    databaseName,
    process: child,
    output: () => output,
    exited: () => exited,
    openDatabase: openDb,
    kill() {
      child.kill("SIGKILL");
      return new Promise<void>((resolve) => (exited ? resolve() : child.once("exit", () => resolve())));
    },
    async stop() {
      if (!exited) {
        const gone = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await gone;
      }
      if (databaseName) await adminQuery(`drop database if exists ${databaseName} with (force)`);
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Account {
  id: number;
  username: string;
  email: string;
  password: string;
  /** A Cookie header that signs a request in as this account. */
  cookie: string;
}

/** An account made directly in the server's database, signed in, as the e2e fixtures do. */
export async function makeAccount(
  database: Database,
  opts: { role?: Role; status?: AccountStatus } = {},
): Promise<Account> {
  const suffix = randomBytes(4).toString("hex");
  const account = {
    username: `http-${suffix}`,
    email: `http-${suffix}@example.org`,
    password: `pw-${randomBytes(9).toString("base64url")}`,
  };
  const user = await createUser(
    database,
    { ...account, role: opts.role ?? "member", status: opts.status ?? "active", emailVerified: true },
    { actorUserId: null, via: "http test" },
  );
  const id = Number(user.id);
  const token = await createSession(database, id, { ip: "127.0.0.1", userAgent: "http test" });
  return { id, ...account, cookie: `metryka_refresh=${Buffer.from(JSON.stringify(token), "utf8").toString("base64")}` };
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * One request written byte for byte on a socket: fetch() and node:http refuse
 * to send the malformed methods and headers that attackers send.
 */
export function rawRequest(
  port: number,
  request: { method: string; path: string; headers: Record<string, string>; body?: string | Buffer },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const body = typeof request.body === "string" ? Buffer.from(request.body) : (request.body ?? Buffer.alloc(0));
    const lines = [`${request.method} ${request.path} HTTP/1.1`];
    for (const [name, value] of Object.entries(request.headers)) lines.push(`${name}: ${value}`);
    const framed = Object.keys(request.headers).some((h) =>
      ["content-length", "transfer-encoding"].includes(h.toLowerCase()),
    );
    if (!framed && body.length) {
      lines.push(`Content-Length: ${body.length}`);
    }
    lines.push("Connection: close", "", "");
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.setTimeout(30_000, () => socket.destroy(new Error("timed out")));
    socket.on("data", (c) => chunks.push(c));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      if (!match) return reject(new Error(`no HTTP answer: ${JSON.stringify(text.slice(0, 200))}`));
      const [head = "", ...rest] = text.split("\r\n\r\n");
      const headers: Record<string, string> = {};
      for (const line of head.split("\r\n").slice(1)) {
        const i = line.indexOf(":");
        if (i > 0) headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
      }
      resolve({ status: Number(match[1]), headers, body: rest.join("\r\n\r\n") });
    });
    socket.write(Buffer.concat([Buffer.from(lines.join("\r\n")), body]));
  });
}

/** A browser's user agent: crawlers get no rendered error page (SPEC §8), people do. */
export const PERSON_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
