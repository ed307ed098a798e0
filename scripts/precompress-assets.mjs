#!/usr/bin/env node
// Writes a brotli twin (quality 11) of each hashed text asset of the client build, for server.ts to send to
// browsers that accept brotli (app/server/precompressed-assets.server.ts). Assets are immutable under their
// hashed names, so the best quality is paid once here instead of a cheaper one on every request.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const DIR = "build/client/assets";
const EXTENSIONS = new Set([".js", ".css", ".json", ".svg"]);
/** Below this, the encoding's overhead and the extra header outweigh the bytes saved. */
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let after = 0;
const started = Date.now();
for (const name of readdirSync(DIR)) {
  if (!EXTENSIONS.has(path.extname(name))) continue;
  const bytes = readFileSync(path.join(DIR, name));
  if (bytes.length < MIN_BYTES) continue;
  const compressed = zlib.brotliCompressSync(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  writeFileSync(path.join(DIR, `${name}.br`), compressed);
  files++;
  before += bytes.length;
  after += compressed.length;
}
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
console.log(`brotli twins: ${files} assets, ${kb(before)} → ${kb(after)} (${Date.now() - started} ms)`);
