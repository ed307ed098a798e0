/**
 * How many CSV downloads make their parts at one time; the others wait for a turn before their first part. Each
 * one's formatting runs on the server's thread: twenty at once left a light page waiting behind twenty exports'
 * pages on PostgreSQL (decision 0055). A waiting download has sent nothing yet, so it costs no memory.
 */
export const CSV_STREAMS_AT_ONCE = 4;

let streaming = 0;
const waiting: (() => void)[] = [];

async function streamSlot(): Promise<() => void> {
  if (streaming >= CSV_STREAMS_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else streaming++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    // The slot passes straight to the next waiting download, or is given back.
    const next = waiting.shift();
    if (next) next();
    else streaming--;
  };
}

/** A CSV download streamed from its parts as they are made: a large export never sits in memory. */
export function csvResponse(parts: AsyncGenerator<string>, filename: string): Response {
  const encoder = new TextEncoder();
  let release: (() => void) | undefined;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      release ??= await streamSlot();
      try {
        const next = await parts.next();
        if (next.done) {
          release();
          controller.close();
        } else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        release();
        throw error;
      }
    },
    async cancel() {
      release?.();
      await parts.return(undefined);
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "no-store",
    },
  });
}
