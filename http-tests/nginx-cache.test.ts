import { type ChildProcess, spawn } from "node:child_process";
import { firstRecordPath } from "../scripts/bench-kit";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHARED_CACHE_MAX_AGE_S } from "../app/config/timing";
import {
  type Account,
  PERSON_USER_AGENT,
  type RunningServer,
  freePort,
  makeAccount,
  postgresAdminUrl,
  startServer,
} from "./server";

/**
 * Issue 28 item 1: Debian's nginx in front of the built server, with the caching snippets of docs/deploy.md taken
 * from that page as they stand, keeps a visitor's public page, asks the site again with If-None-Match once
 * `s-maxage` has passed, shows a write after that, and never stores what is signed in or sets a cookie.
 */

/** A code block of docs/deploy.md, found by the file name its first line gives. */
function deploySnippet(name: string): string {
  const page = readFileSync(path.join(import.meta.dirname, "../docs/deploy.md"), "utf8");
  const block = page.split("```nginx\n").find((b) => b.startsWith(`# /etc/nginx/snippets/${name}\n`));
  if (!block) throw new Error(`docs/deploy.md has no nginx block for ${name}`);
  return block.slice(0, block.indexOf("```"));
}

interface Nginx {
  url: string;
  stop(): Promise<void>;
}

/** Debian's nginx, where Debian puts it (/usr/sbin is not on every user's PATH). */
const NGINX = ["/usr/sbin/nginx", "/usr/local/sbin/nginx"].find((file) => existsSync(file)) ?? "nginx";

async function startNginx(upstreamPort: number): Promise<Nginx> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "metryka-nginx-"));
  const port = await freePort();
  writeFileSync(path.join(dir, "metryka-proxy.conf"), deploySnippet("metryka-proxy.conf"));
  writeFileSync(path.join(dir, "metryka-cache.conf"), deploySnippet("metryka-cache.conf"));
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((kind) => `${kind}_temp_path ${dir}/${kind};`)
    .join("\n  ");
  writeFileSync(
    path.join(dir, "nginx.conf"),
    `${process.getuid?.() === 0 ? "user root;\n" : ""}daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 64; }
http {
  access_log off;
  ${temp}
  proxy_cache_path ${dir}/cache levels=1:2 keys_zone=metryka_pages:10m max_size=64m inactive=10m use_temp_path=off;
  upstream metryka { server 127.0.0.1:${upstreamPort}; keepalive 4; }
  server {
    listen 127.0.0.1:${port};
    server_name localhost;
    location / {
      proxy_pass http://metryka;
      include ${dir}/metryka-proxy.conf;
      include ${dir}/metryka-cache.conf;
    }
  }
}
`,
  );
  let output = "";
  const child: ChildProcess = spawn(NGINX, ["-e", `${dir}/error.log`, "-p", dir, "-c", `${dir}/nginx.conf`], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.on("error", (err) => {
    output += `${err.message}: Debian's nginx is needed (apt-get install -y nginx; .ci/run installs it)\n`;
  });
  child.stdout!.on("data", (chunk) => (output += String(chunk)));
  child.stderr!.on("data", (chunk) => (output += String(chunk)));
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 20_000; ;) {
    if (child.exitCode !== null || child.pid === undefined) throw new Error(`nginx did not run: ${output}`);
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`nginx did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const gone = new Promise((r) => child.once("exit", r));
        child.kill("SIGQUIT");
        await gone;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const kinds = postgresAdminUrl ? (["sqlite", "postgres"] as const) : (["sqlite"] as const);
/** Past `s-maxage`: nginx asks the site again (it counts whole seconds, so up to one more). */
const pastSharedAge = () => new Promise((r) => setTimeout(r, (SHARED_CACHE_MAX_AGE_S + 1) * 1000 + 100));

describe.each(kinds)("nginx's proxy_cache in front of the site on %s (docs/deploy.md)", (kind) => {
  let server: RunningServer;
  let nginx: Nginx;
  let member: Account;
  let recordPath: string;

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(nginx.url + path, {
      headers: { "User-Agent": PERSON_USER_AGENT, "Accept-Encoding": "br, gzip", ...headers },
      redirect: "manual",
    });
    return { response, body: await response.text(), cache: response.headers.get("x-cache-status") };
  };

  beforeAll(async () => {
    server = await startServer({ kind, seedRecords: 2000 });
    const database = server.openDatabase();
    member = await makeAccount(database);
    await database.close();
    nginx = await startNginx(server.port);
    const page = await (await fetch(`${server.url}/stpete/birth/search?surname=Schmidt`)).text();
    recordPath = firstRecordPath(page) ?? "";
  });
  afterAll(async () => {
    await nginx?.stop();
    await server?.stop();
  });

  it("keeps a visitor's page, sends it without asking, then revalidates it with the site's 304", async () => {
    const path = "/stpete/birth/search?surname=Schmidt&sort=year";
    const first = await get(path);
    expect(first.response.status).toBe(200);
    expect(first.cache).toBe("MISS");
    const second = await get(path);
    expect(second.cache).toBe("HIT");
    expect(second.body).toBe(first.body);
    await pastSharedAge();
    // The site's first answer had no validator (an address asked for once is not kept); this one has.
    const third = await get(path);
    expect(third.cache).toBe("EXPIRED");
    expect(third.response.headers.get("etag")).toMatch(/^"[\w-]+-br"$/);
    expect(third.body).toBe(first.body);
    expect((await get(path)).cache).toBe("HIT");
    await pastSharedAge();
    const revalidated = await get(path);
    // PostgreSQL's version is the cluster's snapshot, which other databases' writes move too (decision 0051): there
    // the site may render the page again rather than answer 304; the page is the same either way.
    expect(kind === "sqlite" ? ["REVALIDATED"] : ["REVALIDATED", "EXPIRED"]).toContain(revalidated.cache);
    expect(revalidated.body).toBe(first.body);
    expect(revalidated.response.headers.get("content-security-policy")).toMatch(/script-src 'strict-dynamic' 'sha256-/);
  });

  it("shows a write after s-maxage", async () => {
    expect(recordPath).toMatch(/^\/stpete\/birth\/record\/\d+$/);
    for (let i = 0; i < 3; i++) await get(recordPath);
    expect((await get(recordPath)).cache).toBe("HIT");
    const database = server.openDatabase();
    try {
      const id = Number(recordPath.split("/").pop());
      const row = await database.db.selectFrom("records").select("data").where("id", "=", id).executeTakeFirstOrThrow();
      const data = JSON.parse(row.data) as Record<string, unknown>;
      const [field] = Object.keys(data).filter((k) => typeof data[k] === "string" && data[k]);
      data[field!] = `${String(data[field!])} Nginx-Refresh-Check`;
      await database.db
        .updateTable("records")
        .set({ data: JSON.stringify(data) })
        .where("id", "=", id)
        .execute();
    } finally {
      await database.close();
    }
    await pastSharedAge();
    const after = await get(recordPath);
    expect(after.cache).toBe("EXPIRED");
    expect(after.body).toContain("Nginx-Refresh-Check");
    expect((await get(recordPath)).cache).toBe("HIT");
  });

  it("never stores a signed-in answer nor one that sets a cookie, and never answers a signed-in browser from the store", async () => {
    for (let i = 0; i < 2; i++) {
      const signedIn = await get("/", { Cookie: member.cookie });
      expect(signedIn.response.status).toBe(200);
      expect(signedIn.cache).toBe("BYPASS");
      expect(signedIn.response.headers.get("cache-control")).toBe("private, no-store");
      expect(signedIn.body).toContain(member.username);
    }
    const visitor = await get("/");
    expect(visitor.body).not.toContain(member.username);
    // The sign-in page sets the CSRF cookie: asked again, it comes from the site with a cookie of its own.
    for (let i = 0; i < 3; i++) {
      const signIn = await get("/Login");
      expect(signIn.cache).toBe("MISS");
      expect(signIn.response.headers.getSetCookie().some((c) => c.startsWith("metryka_csrf="))).toBe(true);
    }
    // A members' page sends a visitor to sign in; that answer is not kept either.
    for (let i = 0; i < 2; i++) expect((await get("/members/lodz/search")).cache).toBe("MISS");
  });

  it("never answers in the wrong language: the page varies on Accept-Language, and the language cookie bypasses it", async () => {
    const path = "/stpete/birth/search?surname=Schulz";
    const lang = (body: string) => /<html lang="(\w+)"/.exec(body)?.[1];
    for (let i = 0; i < 2; i++)
      expect(lang((await get(path, { "Accept-Language": "de-DE,de;q=0.9" })).body)).toBe("de");
    expect((await get(path, { "Accept-Language": "de-DE,de;q=0.9" })).cache).toBe("HIT");
    // Another browser language: nginx sees the Vary and asks the site, never sending the German copy.
    const polish = await get(path, { "Accept-Language": "pl" });
    expect(lang(polish.body)).toBe("pl");
    expect(lang((await get(path)).body)).toBe("en");
    // The language cookie (the menu's choice) reaches the site, which answers in it.
    for (let i = 0; i < 2; i++) {
      const chosen = await get(path, { Cookie: "lng=uk", "Accept-Language": "de" });
      expect(chosen.cache).toBe("BYPASS");
      expect(lang(chosen.body)).toBe("uk");
    }
    // Choosing with ?lng= sets the cookie, so that answer is not stored.
    for (let i = 0; i < 2; i++) {
      const choosing = await get(`${path}&lng=ru`);
      expect(lang(choosing.body)).toBe("ru");
      expect(choosing.response.headers.getSetCookie()).toEqual([expect.stringMatching(/^lng=ru;/)]);
      expect(choosing.cache).toBe("MISS");
    }
  });
});
