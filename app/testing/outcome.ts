/**
 * Test support: what a Remix loader or action answered, whether it returned
 * data, returned `data(…, { status })`, or threw a Response (redirects,
 * guards, 404s). Used by the integration tests that call loaders directly.
 */
export interface Outcome {
  status: number;
  location?: string | null;
  body: unknown;
}

export async function outcome(run: () => Promise<unknown>): Promise<Outcome> {
  try {
    const out = await run();
    if (out instanceof Response) return { status: out.status, location: out.headers.get("Location"), body: null };
    if (out && typeof out === "object" && "type" in out && out.type === "DataWithResponseInit") {
      const d = out as unknown as { data: unknown; init: { status?: number } | null };
      return { status: d.init?.status ?? 200, body: d.data };
    }
    return { status: 200, body: out };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, location: thrown.headers.get("Location"), body: await thrown.text() };
  }
}
