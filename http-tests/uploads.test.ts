import { spawn } from "node:child_process";
import { existsSync, readFileSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openForm } from "./forms";
import { recordsFile, until, uploadImport } from "./imports";
import {
  type Account,
  PERSON_USER_AGENT,
  type RunningServer,
  makeAccount,
  postgresAdminUrl,
  serverDir,
  startServer,
} from "./server";

/**
 * Issue 26 points 3 and 6: uploads leave nothing in DATA_DIR/imports but the files of batches — not a forged
 * upload's extra file parts, not an upload cut off mid-body — a sweep at start removes what a crash left, a file
 * named "Kowalski;Nowak.ged" is taken, and a member over their upload quota is told beside the field. And `npm
 * start` on a port in use says so and how to choose another, without a stack trace.
 */
const kinds: ("sqlite" | "postgres")[] = postgresAdminUrl ? ["sqlite", "postgres"] : ["sqlite"];
const SUBMIT = "/members/genealogy/submit";
const GEDCOM = readFileSync(path.resolve("app/gedcom/fixtures/kennedy.ged"));
const HOURS = 3_600_000;

describe.each(kinds)("uploads leave nothing behind (%s)", (kind) => {
  let server: RunningServer;
  let member: Account;
  let admin: Account;
  const uploads = () => {
    const dir = path.join(server.dataDir, "imports");
    return existsSync(dir) ? readdirSync(dir).sort() : [];
  };

  beforeAll(async () => {
    server = await startServer({ kind, env: { UPLOAD_QUOTA_MB: "2" } });
    const database = server.openDatabase();
    member = await makeAccount(database);
    admin = await makeAccount(database, { role: "admin" });
    await database.close();
  });
  afterAll(async () => server?.stop());

  /** The tree upload page's form, with the fields given (the CSRF token first, unless `csrf` is false). */
  async function submit(fields: [string, string | { blob: Blob; name: string }][], csrf = true) {
    const form = await openForm(`${server.url}${SUBMIT}`, member.cookie);
    const body = new FormData();
    if (csrf) body.append("csrf", form.fields.get("csrf") ?? "");
    for (const [name, value] of fields) {
      if (typeof value === "string") body.append(name, value);
      else body.append(name, value.blob, value.name);
    }
    return fetch(`${server.url}${SUBMIT}`, {
      method: "POST",
      body,
      redirect: "manual",
      headers: { "User-Agent": PERSON_USER_AGENT, Cookie: form.cookie, Origin: server.url },
    });
  }
  const tree = (name = "tree.ged", bytes: Buffer = GEDCOM) => ({ blob: new Blob([new Uint8Array(bytes)]), name });

  it("writes no file of a forged upload, nor the extra file parts of any upload", async () => {
    const forged = await submit(
      [
        ["title", "Forged"],
        ["extra", tree("extra.bin", Buffer.alloc(300_000))],
        ["file", tree()],
        ["file", tree("second.ged")],
      ],
      false,
    );
    expect(forged.status).toBe(403);
    expect(uploads()).toEqual([]);

    const bad = await submit([
      ["title", "Extra parts"],
      ["extra", tree("extra.bin", Buffer.alloc(300_000))],
      ["file", tree("broken.ged", Buffer.from("not a GEDCOM file"))],
      ["another", tree("another.bin", Buffer.alloc(300_000))],
    ]);
    expect(bad.status).toBe(400);
    expect(uploads()).toEqual([]);
  });

  it("removes the part written of an upload cut off mid-body", async () => {
    const form = await openForm(`${server.url}${SUBMIT}`, member.cookie);
    const body = new FormData();
    body.append("csrf", form.fields.get("csrf") ?? "");
    body.append("title", "Cut off");
    body.append("file", new Blob([Buffer.alloc(1_000_000, 0x20)]), "big.ged");
    const request = new Request(`${server.url}${SUBMIT}`, { method: "POST", body });
    const bytes = Buffer.from(await request.arrayBuffer());
    const head = [
      `POST ${SUBMIT} HTTP/1.1`,
      `Host: 127.0.0.1:${server.port}`,
      `User-Agent: ${PERSON_USER_AGENT}`,
      `Cookie: ${form.cookie}`,
      `Origin: ${server.url}`,
      `Content-Type: ${request.headers.get("Content-Type")}`,
      `Content-Length: ${bytes.length}`,
      "",
      "",
    ].join("\r\n");
    const socket = net.connect(server.port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write(head);
    socket.write(bytes.subarray(0, 600_000));
    // The server has begun the file: then the sender goes away.
    await until("the upload's file is begun", async () => (uploads().length ? true : undefined), 30_000);
    socket.destroy();
    await until("the cut-off upload is removed", async () => (uploads().length ? undefined : true), 30_000);
    expect(uploads()).toEqual([]);
  });

  it("takes a file named Kowalski;Nowak.ged, and keeps the title when the quota refuses the next", async () => {
    const taken = await submit([
      ["title", "Kowalski and Nowak"],
      ["file", tree("Kowalski;Nowak=1.ged")],
    ]);
    expect(taken.status, (await taken.clone().text()).slice(0, 300)).toBe(302);
    // The tree was read while the page waited; a read tree keeps no file (decision 0054).
    expect(uploads()).toEqual([]);

    const over = await submit([
      ["title", "Nowak of Kalisz"],
      ["file", tree("nowak.ged", Buffer.concat([GEDCOM, Buffer.alloc(2 * 1024 * 1024, 0x20)]))],
    ]);
    expect(over.status).toBe(400);
    const page = await over.text();
    expect(page).toMatch(/would take you past the 2 MB your uploads may take on the server/);
    expect(page).toContain('value="Nowak of Kalisz"');
    expect(uploads()).toEqual([]);
  });

  it("sweeps at start the files that belong to no batch and were not written lately", async () => {
    // An administrator's import batch holds its file until it is discarded.
    await uploadImport(server.url, admin.cookie, "records:stpete-birth", recordsFile(10));
    const held = uploads();
    expect(held).toHaveLength(1);
    const dir = path.join(server.dataDir, "imports");
    const old = new Date(Date.now() - 7 * HOURS);
    for (const name of ["crashed.upload", "left.ged"]) {
      writeFileSync(path.join(dir, name), "left by a crash");
      utimesSync(path.join(dir, name), old, old);
    }
    writeFileSync(path.join(dir, "in-flight.upload"), "an upload on another instance");
    utimesSync(path.join(dir, held[0]!), old, old);
    const { dataDir, databaseName } = server;
    await server.kill();
    server = await startServer({ kind, dataDir, databaseName });
    await until("the sweep at start", async () => (uploads().includes("crashed.upload") ? undefined : true), 30_000);
    expect(uploads()).toEqual([held[0]!, "in-flight.upload"].sort());
  });
});

describe("npm start on a port in use", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ kind: "sqlite" });
  });
  afterAll(async () => server?.stop());

  it("says which port is busy and how to choose another, and exits 1 without a stack trace", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "metryka-port-"));
    try {
      const child = spawn(process.execPath, ["build/server.js"], {
        cwd: serverDir,
        env: {
          ...process.env,
          NODE_ENV: "production",
          PORT: String(server.port),
          HOST: "127.0.0.1",
          DATA_DIR: dataDir,
          SEED_RECORDS: "0",
          DATABASE_URL: "",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout!.on("data", (chunk) => (output += String(chunk)));
      child.stderr!.on("data", (chunk) => (output += String(chunk)));
      const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
      expect(code).toBe(1);
      expect(output).toContain(`port ${server.port} is already in use`);
      expect(output).toMatch(/choose another port, e\.g\. PORT=\d+ npm start/);
      expect(output).not.toMatch(/\n\s+at /);
      expect(output).not.toContain('"stack"');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
