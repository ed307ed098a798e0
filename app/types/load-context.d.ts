import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** Per-request Content-Security-Policy nonce, set by server.ts. */
    cspNonce: string;
  }
}
