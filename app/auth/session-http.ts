/**
 * The authenticated request helper of the page's browser session (SPEC §7.1, §7.3): an axios instance that
 * refreshes the session before every request and sends its fresh token. It lives apart from the session, which
 * every page loads, so that axios ships only with the pages that call the API for the user (issue 12 item 4).
 */
import type { AxiosInstance } from "axios";
import type { BrowserSession } from "./browser-session";
import { createHttpClient } from "./http";

const clients = new WeakMap<BrowserSession, AxiosInstance>();

export function sessionHttp(
  session: BrowserSession,
  opts: { baseURL?: string; logger?: Pick<Console, "error"> } = {},
): AxiosInstance {
  let client = clients.get(session);
  if (!client) {
    client = createHttpClient({
      baseURL: opts.baseURL,
      getToken: () => session.state().token,
      beforeRequest: async () => {
        await session.refresh();
      },
      logger: opts.logger,
    });
    clients.set(session, client);
  }
  return client;
}
