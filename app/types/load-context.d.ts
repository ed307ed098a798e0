import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The client's address (Express req.ip, honouring TRUST_PROXY), for throttling and the audit log. */
    clientIp: string;
    /**
     * The database's version read before this request's loaders ran (app/db/data-version.server.ts), when server.ts
     * asked the kept pages first; it vouches for the page they make (decision 0051).
     */
    pageVersion?: string;
  }
}
