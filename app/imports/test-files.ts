/**
 * Text as a volunteer's Excel saves it, in a single-byte code page (Node's TextEncoder writes UTF-8 only): for the
 * tests of imports. A character the code page lacks becomes "?", as Excel writes it.
 */
export function inCodePage(text: string, encoding = "windows-1250"): Buffer {
  const decoder = new TextDecoder(encoding);
  const table = new Map<string, number>();
  for (let b = 0; b < 256; b++) table.set(decoder.decode(new Uint8Array([b])), b);
  return Buffer.from([...text].map((ch) => table.get(ch) ?? 0x3f));
}
