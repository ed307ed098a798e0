import { expect } from "vitest";
import { openForm } from "./forms";
import { PERSON_USER_AGENT } from "./server";

/** Waits for a probe to answer something, polling. */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 120_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The progress events a browser would receive in `ms`. */
export interface ProgressEvent {
  status: string;
  done: number;
  total: number;
  running: boolean;
}

export async function progressEvents(
  url: string,
  cookie: string,
  ms: number,
  enough?: (events: ProgressEvent[]) => boolean,
): Promise<ProgressEvent[]> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: {
      "User-Agent": PERSON_USER_AGENT,
      Cookie: cookie,
      Accept: "text/event-stream",
      "Accept-Encoding": "gzip, br",
    },
    signal: controller.signal,
  });
  expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const stop = setTimeout(() => controller.abort(), ms);
  const heard = () => [...text.matchAll(/^data: (.*)$/gm)].map((m) => JSON.parse(m[1]!) as ProgressEvent);
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      // Parsed again only when someone asks: a long listen without a condition reads its events once, at the end.
      if (enough?.(heard())) {
        controller.abort();
        break;
      }
    }
  } catch {
    // aborted: enough heard
  } finally {
    clearTimeout(stop);
  }
  return heard();
}

/** The columns of the files these tests import, as the import page's selects name them. */
export const RECORD_COLUMNS = ["sourceKey", "surname", "givenName", "date", "place", "parish"];

/** A CSV of `rows` death records with the columns above. */
export function recordsFile(rows: number): Blob {
  const lines = ["ID;Surname;Given name;Date;Place;Parish"];
  for (let i = 1; i <= rows; i++) {
    lines.push(`k${i};Schulz${i % 5000};Johann;${(i % 28) + 1}.${(i % 12) + 1}.${1834 + (i % 50)};Rowno;Rowno`);
  }
  return new Blob([`${lines.join("\n")}\n`], { type: "text/csv" });
}

/** Uploads a file on the import page of the server at `base`; answers the batch's path. */
export async function uploadImport(base: string, cookie: string, collection: string, file: Blob): Promise<string> {
  const form = await openForm(`${base}/members/admin/imports/new`, cookie);
  const body = new FormData();
  body.set("csrf", form.fields.get("csrf") ?? "");
  body.set("collection", collection);
  body.set("file", file, "upload.csv");
  const uploaded = await fetch(`${base}/members/admin/imports/new`, {
    method: "POST",
    body,
    headers: { "User-Agent": PERSON_USER_AGENT, Cookie: form.cookie, Origin: base },
    redirect: "manual",
  });
  expect(uploaded.status).toBe(302);
  return new URL(uploaded.headers.get("location")!, base).pathname;
}

/** Opens a batch page on the server at `base`; answers a function that presses one of its buttons, as its form would. */
export async function batchButton(
  base: string,
  cookie: string,
  batchPath: string,
  intent: string,
  values: Record<string, string> = {},
): Promise<() => Promise<Response>> {
  const page = await openForm(`${base}${batchPath}`, cookie);
  const fields = new URLSearchParams(page.fields);
  fields.set("intent", intent);
  for (const [name, value] of Object.entries(values)) fields.set(name, value);
  return () =>
    fetch(`${base}${batchPath}`, {
      method: "POST",
      body: fields,
      headers: {
        "User-Agent": PERSON_USER_AGENT,
        Cookie: page.cookie,
        Origin: base,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      redirect: "manual",
    });
}

export async function pressBatchButton(
  base: string,
  cookie: string,
  batchPath: string,
  intent: string,
  values: Record<string, string> = {},
): Promise<Response> {
  return (await batchButton(base, cookie, batchPath, intent, values))();
}

/** The check's settings for recordsFile(): UTF-8, semicolons, each column to its field. */
export const RECORD_CHECK = {
  encoding: "utf-8",
  delimiter: ";",
  calendar: "gregorian",
  ...Object.fromEntries(RECORD_COLUMNS.map((c, i) => [`columns[${i}]`, c])),
};
