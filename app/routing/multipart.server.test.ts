import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MultipartError, readMultipart } from "./multipart.server";

/** A body sent in the chunks given: the reader must find boundaries and headers split anywhere. */
function streamOf(bytes: Buffer, cuts: number[] = []): ReadableStream<Uint8Array> {
  const at = [...new Set(cuts.filter((c) => c > 0 && c < bytes.length))].sort((a, b) => a - b);
  const chunks = [0, ...at].map((start, i) => bytes.subarray(start, at[i] ?? bytes.length));
  return new ReadableStream({
    pull(controller) {
      const next = chunks.shift();
      if (next) controller.enqueue(new Uint8Array(next));
      else controller.close();
    },
  });
}

const typeOf = (boundary: string) => `multipart/form-data; boundary=${boundary}`;

async function bodyOf(form: FormData): Promise<{ bytes: Buffer; boundary: string }> {
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return {
    bytes: Buffer.from(await request.arrayBuffer()),
    boundary: /boundary=(.*)$/.exec(request.headers.get("Content-Type")!)![1]!,
  };
}

/** One part as a browser writes it, with the Content-Disposition given. */
function rawForm(boundary: string, disposition: string, content: string): Buffer {
  return Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n${content}\r\n--${boundary}--\r\n`);
}

async function partsOf(bytes: Buffer, boundary: string, cuts: number[] = []) {
  const parts: { name: string; filename: string | null; text: string }[] = [];
  await readMultipart(streamOf(bytes, cuts), typeOf(boundary), (headers) => {
    const chunks: Buffer[] = [];
    return {
      write: (chunk) => void chunks.push(Buffer.from(chunk)),
      end: () => void parts.push({ ...headers, text: Buffer.concat(chunks).toString("utf8") }),
    };
  });
  return parts;
}

describe("multipart forms", () => {
  it("reads a file's name holding ; = and quotes, as browsers send it (issue 26)", async () => {
    const b = "XyZ";
    const nameOf = async (disposition: string) => (await partsOf(rawForm(b, disposition, "x"), b))[0]!.filename;
    expect(await nameOf('form-data; name="file"; filename="Kowalski;Nowak.ged"')).toBe("Kowalski;Nowak.ged");
    expect(await nameOf('form-data; name="file"; filename="a=b; c=\\"d\\".ged"')).toBe('a=b; c="d".ged');
    expect(await nameOf(`form-data; name="file"; filename*=UTF-8''%C5%81%C3%B3d%C5%BA.ged`)).toBe("Łódź.ged");
    expect(await nameOf('form-data; name="file"; filename="Łódź.ged"')).toBe("Łódź.ged");
    expect(await nameOf('form-data; name="file"; filename="C:\\Users\\Anna\\tree.ged"')).toBe(
      "C:\\Users\\Anna\\tree.ged",
    );
    expect(await partsOf(rawForm(b, "form-data; name=title", "Nowak"), b)).toEqual([
      { name: "title", filename: null, text: "Nowak" },
    ]);
  });

  it("reads every part of a form however its body is cut into chunks", async () => {
    const form = new FormData();
    form.set("csrf", "token");
    form.set("title", "Łódź\r\n--not a boundary");
    form.set("file", new Blob(["0 HEAD\r\n", "\r\n--", "x".repeat(300)]), "Kowalski;Nowak=1.ged");
    form.set("after", "");
    const { bytes, boundary } = await bodyOf(form);
    const expected = [
      { name: "csrf", filename: null, text: "token" },
      { name: "title", filename: null, text: "Łódź\r\n--not a boundary" },
      { name: "file", filename: "Kowalski;Nowak=1.ged", text: `0 HEAD\r\n\r\n--${"x".repeat(300)}` },
      { name: "after", filename: null, text: "" },
    ];
    expect(await partsOf(bytes, boundary)).toEqual(expected);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 40 }), async (cuts) => {
        expect(await partsOf(bytes, boundary, cuts)).toEqual(expected);
      }),
      { numRuns: 200 },
    );
    // One byte at a time.
    expect(await partsOf(bytes, boundary, [...Array(bytes.length).keys()])).toEqual(expected);
  });

  it("refuses a body cut off before its closing boundary, and one that is not multipart", async () => {
    const form = new FormData();
    form.set("file", new Blob(["x".repeat(1000)]), "a.csv");
    const { bytes, boundary } = await bodyOf(form);
    await expect(partsOf(bytes.subarray(0, 600), boundary)).rejects.toBeInstanceOf(MultipartError);
    await expect(partsOf(bytes.subarray(0, bytes.length - 10), boundary)).rejects.toBeInstanceOf(MultipartError);
    await expect(partsOf(Buffer.from("not a form"), boundary)).rejects.toBeInstanceOf(MultipartError);
    const noName = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${boundary}--\r\n`);
    await expect(partsOf(noName, boundary)).rejects.toBeInstanceOf(MultipartError);
  });

  it("ends the part being read when the sender goes away mid-file", async () => {
    const form = new FormData();
    form.set("file", new Blob(["x".repeat(50_000)]), "a.csv");
    const { bytes, boundary } = await bodyOf(form);
    let sent = false;
    const broken = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) return controller.error(new Error("connection reset"));
        controller.enqueue(new Uint8Array(bytes.subarray(0, 20_000)));
        sent = true;
      },
    });
    let ended = false;
    await expect(
      readMultipart(broken, typeOf(boundary), () => ({ write() {}, end: () => void (ended = true) })),
    ).rejects.toBeInstanceOf(MultipartError);
    expect(ended).toBe(false);
  });

  it("refuses a content type without a boundary", async () => {
    await expect(
      readMultipart(streamOf(Buffer.from("x")), "multipart/form-data", () => ({ write() {}, end() {} })),
    ).rejects.toBeInstanceOf(MultipartError);
  });

  it("reads the rest of a refused form up to the bytes it may drop, then stops", async () => {
    const form = new FormData();
    form.set("file", new Blob(["x".repeat(100_000)]), "a.csv");
    form.set("after", "y");
    const { bytes, boundary } = await bodyOf(form);
    let pulled = 0;
    const source = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= bytes.length) return controller.close();
        controller.enqueue(new Uint8Array(bytes.subarray(pulled, pulled + 1000)));
        pulled += 1000;
      },
    });
    const refusal = new Error("refused");
    const seen: string[] = [];
    await expect(
      readMultipart(
        source,
        typeOf(boundary),
        (headers) => {
          seen.push(headers.name);
          throw refusal;
        },
        20_000,
      ),
    ).rejects.toBe(refusal);
    expect(seen).toEqual(["file"]);
    // Read past the refusal, but not to the end of a body larger than allowed.
    expect(pulled).toBeGreaterThan(10_000);
    expect(pulled).toBeLessThan(60_000);
  });
});
