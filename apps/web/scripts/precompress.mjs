// Writes .br and .gz siblings of the built text files (run after `vite build`), so the server
// sends them compressed without compressing on each request (@fastify/static `preCompressed`).
// Usage: node scripts/precompress.mjs [dist folder, default ./dist]
import { readdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt']);
// Below this, the saving is smaller than the request's own headers.
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const encoders = {
  '.br': (data) =>
    brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  '.gz': (data) => gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
};

async function* filesIn(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesIn(full);
    else if (entry.isFile()) yield full;
  }
}

/** Compresses every eligible file under `dist`; returns what was written. */
async function precompress(dist) {
  const written = [];
  for await (const file of filesIn(dist)) {
    if (!COMPRESSIBLE.has(path.extname(file))) continue;
    const { size } = await stat(file);
    const data = size >= MIN_BYTES ? await readFile(file) : null;
    for (const [extension, encode] of Object.entries(encoders)) {
      const target = file + extension;
      const compressed = data && (await encode(data));
      if (compressed && compressed.length < size) {
        await writeFile(target, compressed);
        written.push({ file: path.relative(dist, target), bytes: compressed.length, of: size });
      } else {
        // NOTE: a stale sibling from an earlier build would be served instead of the new file.
        await unlink(target).catch(() => {});
      }
    }
  }
  return written;
}

const dist = path.resolve(process.argv[2] ?? 'dist');
const written = await precompress(dist);
console.log(
  `precompress: ${written.length} files written (.br, .gz) in ${path.relative(process.cwd(), dist)}`,
);
