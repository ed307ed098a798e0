import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** Per-request Content-Security-Policy nonce, set by server.ts. */
    cspNonce: string;
    /** The client's address (Express req.ip, honouring TRUST_PROXY), for throttling and the audit log. */
    clientIp: string;
  }
}
