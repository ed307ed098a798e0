/**
 * Every action reads its form through here, so a request that is not a form
 * post from one of our pages (another method, JSON, plain text, no body, a
 * broken multipart body) is answered with a 4xx and never reaches the
 * action's code, where it would have become a 500.
 */
const FORM_CONTENT_TYPES: ReadonlySet<string> = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/** The methods a page with a form answers; anything else is refused with these in `Allow`. */
export const PAGE_METHODS = "GET, HEAD, POST";

export function contentTypeOf(request: Request): string {
  return (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
}

export async function readForm(request: Request): Promise<FormData> {
  if (request.method !== "POST") {
    throw new Response("This address accepts forms sent with POST only.", {
      status: 405,
      statusText: "Method Not Allowed",
      headers: { Allow: PAGE_METHODS, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  if (!FORM_CONTENT_TYPES.has(contentTypeOf(request))) {
    throw new Response("Send this form from its page.", {
      status: 415,
      statusText: "Unsupported Media Type",
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  try {
    return await request.formData();
  } catch {
    throw new Response("Send this form from its page.", {
      status: 400,
      statusText: "Bad Request",
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}
