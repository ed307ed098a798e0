import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { keepingUploadOnlyIfDone, receiveUpload, uploadsDir } from "./upload.server";

const dataDir = mkdtempSync(path.join(tmpdir(), "metryka-upload-"));
const saved = { DATA_DIR: process.env.DATA_DIR, UPLOAD_MAX_MB: process.env.UPLOAD_MAX_MB };
beforeAll(() => {
  process.env.DATA_DIR = dataDir;
  process.env.UPLOAD_MAX_MB = "1";
});
afterAll(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  rmSync(dataDir, { recursive: true, force: true });
});
afterEach(() => {
  for (const name of readdirSync(uploadsDir())) rmSync(path.join(uploadsDir(), name));
});

const stored = () => readdirSync(uploadsDir());

function post(form: FormData): Request {
  return new Request("http://localhost/members/genealogy/submit", { method: "POST", body: form });
}

/** The page's form: its CSRF token first, the title, the file. */
function pageForm(file: Blob, fileName = "tree.ged"): FormData {
  const form = new FormData();
  form.set("csrf", "token");
  form.set("title", "Kowalski of Łódź");
  form.set("file", file, fileName);
  return form;
}

const refusedStatus = (promise: Promise<unknown>) =>
  promise.then(
    () => "answered",
    (error: unknown) => (error instanceof Response ? error.status : String(error)),
  );

describe("uploads (issue 26: nothing left on disk)", () => {
  it("checks the fields before the file and writes nothing when the check refuses", async () => {
    const seen: string[][] = [];
    const status = await refusedStatus(
      receiveUpload(post(pageForm(new Blob(["0 HEAD\n"]))), ".ged", {
        check: async (fields) => {
          seen.push([...fields.keys()]);
          throw new Response("Forbidden", { status: 403 });
        },
      }),
    );
    expect(status).toBe(403);
    // The check saw what came before the file, and ran before a byte of it was written.
    expect(seen).toEqual([["csrf", "title"]]);
    expect(stored()).toEqual([]);
  });

  it("stores only the page's file: other file fields and a second file are read past", async () => {
    const form = new FormData();
    form.set("csrf", "token");
    form.append("extra", new Blob(["x".repeat(5000)]), "extra.bin");
    form.append("file", new Blob(["0 HEAD\n"]), "Kowalski;Nowak=1.ged");
    form.append("file", new Blob(["second"]), "second.ged");
    form.append("file[]", new Blob(["third"]), "third.ged");
    const upload = await receiveUpload(post(form), ".ged", { check: async () => undefined });
    expect(upload.ok).toBe(true);
    if (!upload.ok) return;
    expect(upload.fileName).toBe("Kowalski;Nowak=1.ged");
    expect(stored()).toEqual([path.basename(upload.filePath!)]);
    expect(readFileSync(upload.filePath!, "utf8")).toBe("0 HEAD\n");
    expect(upload.form.get("extra")).toBeNull();
    await upload.discard();
    expect(stored()).toEqual([]);
  });

  it("removes a file over the limit or the quota, and keeps the fields typed", async () => {
    const big = await receiveUpload(post(pageForm(new Blob([Buffer.alloc(1024 * 1024 + 1)]))), ".ged");
    expect(big).toMatchObject({ ok: false, reason: "size", maxMb: 1 });
    if (!big.ok) expect(big.form.get("title")).toBe("Kowalski of Łódź");
    expect(stored()).toEqual([]);

    const over = await receiveUpload(post(pageForm(new Blob([Buffer.alloc(600_000)]))), ".ged", {
      roomBytes: 512 * 1024,
    });
    expect(over).toMatchObject({ ok: false, reason: "quota", maxMb: 0 });
    const full = await receiveUpload(post(pageForm(new Blob(["x"]))), ".ged", { roomBytes: -5 });
    expect(full).toMatchObject({ ok: false, reason: "quota" });
    expect(stored()).toEqual([]);
  });

  it("removes the part written of an upload cut off mid-body", async () => {
    const whole = post(pageForm(new Blob([Buffer.alloc(200_000, 65)])));
    const contentType = whole.headers.get("Content-Type")!;
    const bytes = Buffer.from(await whole.arrayBuffer());
    let sent = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) return controller.error(new Error("aborted"));
        sent = true;
        controller.enqueue(new Uint8Array(bytes.subarray(0, 150_000)));
      },
    });
    const cut = new Request("http://localhost/", {
      method: "POST",
      body,
      headers: { "Content-Type": contentType },
      duplex: "half",
    } as RequestInit);
    expect(await refusedStatus(receiveUpload(cut, ".ged"))).toBe(400);
    expect(stored()).toEqual([]);
  });

  it("removes the file when the work on it fails", async () => {
    const upload = await receiveUpload(post(pageForm(new Blob(["0 HEAD\n"]))), ".ged");
    if (!upload.ok) throw new Error("refused");
    expect(stored()).toHaveLength(1);
    await expect(
      keepingUploadOnlyIfDone(upload, async () => {
        throw new Error("the reader crashed");
      }),
    ).rejects.toThrow("the reader crashed");
    expect(stored()).toEqual([]);
  });
});
