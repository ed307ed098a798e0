import { PERSON_USER_AGENT } from "./server";

/** A page's form as a browser would post it: its hidden fields (CSRF, honeypot) and the cookie that goes with them. */
export interface PageForm {
  fields: URLSearchParams;
  cookie: string;
}

export async function openForm(url: string, cookie = ""): Promise<PageForm> {
  const response = await fetch(url, { headers: { "User-Agent": PERSON_USER_AGENT, Cookie: cookie } });
  const html = await response.text();
  const fields = new URLSearchParams();
  for (const input of html.match(/<input[^>]*>/g) ?? []) {
    const name = /\bname="([^"]*)"/.exec(input)?.[1];
    if (!name) continue;
    const value = /\bvalue="([^"]*)"/.exec(input)?.[1] ?? "";
    fields.set(
      name,
      value
        .replace(/&amp;/g, "&")
        .replace(/&quot;/g, '"')
        .replace(/&#x27;/g, "'"),
    );
  }
  const set = response.headers.getSetCookie().map((c) => c.split(";")[0]);
  return { fields, cookie: [cookie, ...set].filter(Boolean).join("; ") };
}

export async function postForm(
  url: string,
  form: PageForm,
  values: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  const body = new URLSearchParams(form.fields);
  for (const [name, value] of Object.entries(values)) body.set(name, value);
  return fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: {
      "User-Agent": PERSON_USER_AGENT,
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: new URL(url).origin,
      Cookie: form.cookie,
      ...headers,
    },
    body,
  });
}
