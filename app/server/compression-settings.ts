// Shared by server.ts and the benchmark's ceiling (scripts/bench-http.ts), which must compress as the server does.
// No `~/` imports: server.ts is compiled on its own (tsconfig.server.json).

/** Brotli's best quality costs more CPU per page than it saves on the wire (DESIGN §5a). */
export const BROTLI_QUALITY = 4;
/**
 * 2^18 bytes: a page compresses as well as with brotli's default 4 MB window, which takes 16 times the memory; each
 * of 50 answers at once held one (decision 0051).
 */
export const BROTLI_WINDOW_BITS = 18;
