// What /login's first download is made of (issue 15): builds the member site into a temporary
// folder (never apps/web/dist: the source maps this build makes are read here and deleted, never
// published), follows index.html's module script, its static imports and the Thai texts as
// scripts/check-login-budget.mjs does, and lists each chunk's gzip and brotli size and the
// packages and source folders in it: minified bytes by the source map, and each part's bytes
// gzipped alone (an estimate: parts compress a little better together).
// Usage: node bench/web-login-bundle.mjs [--modules]   (--modules: every module, not only groups)
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';
import { build } from 'vite';

const root = path.resolve(fileURLToPath(new URL('../apps/web', import.meta.url)));
const outDir = mkdtempSync(path.join(tmpdir(), 'login-bundle-'));
const everyModule = process.argv.includes('--modules');

await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true, sourcemap: 'hidden' } });

const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
const STATIC_IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.m?js)["']/g;
// The Thai texts, fetched before the first render (apps/web/src/lib/i18n.ts).
const FIRST_TEXTS = /\bimport\(\s*["'`](\.{1,2}\/(?:[\w-]+\/)*th-[\w-]+\.js)["'`]\s*\)/g;
const queue = [...html.matchAll(/\b(?:src|href)=["']\/(assets\/[^"']+\.js)["']/g)].map((match) => match[1]);
const graph = new Set();
while (queue.length > 0) {
  const file = queue.shift();
  if (graph.has(file)) continue;
  graph.add(file);
  const code = readFileSync(path.join(outDir, file), 'utf8');
  for (const [, specifier] of code.matchAll(STATIC_IMPORT)) {
    if (specifier.startsWith('.')) queue.push(path.posix.join(path.posix.dirname(file), specifier));
  }
  for (const [, specifier] of code.matchAll(FIRST_TEXTS)) {
    queue.push(path.posix.join(path.posix.dirname(file), specifier));
  }
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
/** A module's group: its npm package, else its folder under apps/web/src or packages. */
function group(id) {
  const clean = id.replace(/^\0/, '').replace(/\?.*$/, '');
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(clean);
  if (pkg) return everyModule ? clean.slice(clean.indexOf(pkg[0])) : pkg[1];
  const local = /(apps\/web\/src|packages\/contract\/src)\/(.*)$/.exec(clean);
  if (!local) return clean;
  if (everyModule) return `${local[1]}/${local[2]}`;
  const parts = local[2].split('/');
  return `${local[1]}/${parts.length > 1 ? parts.slice(0, -1).join('/') : parts[0]}`;
}

let totalGzip = 0;
let totalBrotli = 0;
const rows = [];
for (const file of graph) {
  const code = readFileSync(path.join(outDir, file));
  const gzip = gzipSync(code, { level: 9 }).length;
  const brotli = brotliCompressSync(code, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  }).length;
  totalGzip += gzip;
  totalBrotli += brotli;
  const groups = bytesBySource(file, code.toString('utf8'));
  rows.push({
    file,
    raw: code.length,
    gzip,
    brotli,
    groups: [...groups].sort((a, b) => b[1].length - a[1].length),
  });
}

/** The minified text of each group in `file`, by its source map's mappings. */
function bytesBySource(file, code) {
  const mapFile = path.join(outDir, `${file}.map`);
  if (!existsSync(mapFile)) return new Map([[path.basename(file, '.js').replace(/-[\w]+$/, ''), code]]);
  const map = new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8')));
  const lineStarts = [0];
  for (let i = 0; i < code.length; i++) if (code[i] === '\n') lineStarts.push(i + 1);
  const marks = [];
  map.eachMapping((m) =>
    marks.push({ at: lineStarts[m.generatedLine - 1] + m.generatedColumn, source: m.source }),
  );
  marks.sort((a, b) => a.at - b.at);
  const groups = new Map();
  const add = (name, text) => groups.set(name, (groups.get(name) ?? '') + text);
  if (marks.length === 0 || marks[0].at > 0) add('(no source)', code.slice(0, marks[0]?.at ?? code.length));
  marks.forEach((mark, i) =>
    add(
      mark.source ? group(mark.source) : '(no source)',
      code.slice(mark.at, marks[i + 1]?.at ?? code.length),
    ),
  );
  return groups;
}

rows.sort((a, b) => b.gzip - a.gzip);
console.log(
  `/login: ${graph.size} JavaScript files, ${kb(totalGzip)} KB gzip, ${kb(totalBrotli)} KB brotli\n`,
);
for (const row of rows) {
  console.log(`${row.file}  ${kb(row.raw)} KB raw, ${kb(row.gzip)} KB gzip, ${kb(row.brotli)} KB brotli`);
  for (const [name, text] of row.groups) {
    if (text.length < 100) continue;
    const alone = gzipSync(text, { level: 9 }).length;
    console.log(
      `    ${name.padEnd(48)} ${kb(Buffer.byteLength(text)).padStart(7)} KB min  ${kb(alone).padStart(6)} KB gzip alone`,
    );
  }
}
rmSync(outDir, { recursive: true, force: true });
