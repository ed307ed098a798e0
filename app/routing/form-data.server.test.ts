import { describe, expect, it } from "vitest";
import { readForm } from "./form-data.server";

const post = (body: BodyInit | null, type?: string, method = "POST") =>
  new Request("http://localhost/Login", {
    method,
    body,
    headers: type ? { "Content-Type": type } : {},
  });

async function statusOf(request: Request): Promise<number> {
  try {
    await readForm(request);
    return 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

describe("readForm", () => {
  it("reads an urlencoded or multipart form", async () => {
    const form = await readForm(post("login=anna&password=x", "application/x-www-form-urlencoded"));
    expect(form.get("login")).toBe("anna");
    const multipart = new FormData();
    multipart.set("login", "jan");
    expect(
      (await readForm(new Request("http://localhost/Login", { method: "POST", body: multipart }))).get("login"),
    ).toBe("jan");
  });

  it("answers 415 to JSON, plain text or no content type", async () => {
    expect(await statusOf(post('{"login":"anna"}', "application/json"))).toBe(415);
    expect(await statusOf(post("login=anna", "text/plain"))).toBe(415);
    expect(await statusOf(post(null))).toBe(415);
  });

  it("answers 400 to a broken multipart body", async () => {
    expect(await statusOf(post("--x\r\nnot a part", "multipart/form-data; boundary=x"))).toBe(400);
    expect(await statusOf(post("whatever", "multipart/form-data"))).toBe(400);
  });

  it("answers 405 with Allow to DELETE, PATCH and PUT", async () => {
    for (const method of ["DELETE", "PATCH", "PUT"]) {
      try {
        await readForm(post("a=1", "application/x-www-form-urlencoded", method));
        expect.unreachable();
      } catch (thrown) {
        expect((thrown as Response).status).toBe(405);
        expect((thrown as Response).headers.get("Allow")).toBe("GET, HEAD, POST");
      }
    }
  });
});
