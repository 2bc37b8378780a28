import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';

// scripts/check-login-budget.mjs, run on a small built site: what it counts, and that it fails
// past its budget (npm test runs it on the real build).
const script = path.resolve(import.meta.dirname, '../../../../scripts/check-login-budget.mjs');
const dist = mkdtempSync(path.join(tmpdir(), 'login-budget-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

/** Text that gzip cannot shrink much, so sizes are plain to add up. */
const noise = (bytes: number, seed: number) =>
  `/*${Array.from({ length: bytes }, (_, i) =>
    String.fromCharCode(33 + (((i * 7919 + seed * 104_729) % 9973) % 90)),
  )
    .join('')
    .replaceAll('*/', '**')}*/`;
const files = {
  'assets/index-a1.js': `import{t}from"./shared-b2.js";const l={th:()=>import("./th-c3.js"),en:()=>import("./en-d4.js")};import("./home-e5.js");${noise(3000, 1)}`,
  'assets/shared-b2.js': `export const t=1;${noise(2000, 2)}`,
  'assets/th-c3.js': `export default {};${noise(1000, 3)}`,
  'assets/en-d4.js': `export default {};${noise(1000, 4)}`,
  'assets/home-e5.js': `export default 1;${noise(5000, 5)}`,
};
mkdirSync(path.join(dist, 'assets'));
for (const [name, code] of Object.entries(files)) writeFileSync(path.join(dist, name), code);
writeFileSync(
  path.join(dist, 'index.html'),
  '<script type="module" crossorigin src="/assets/index-a1.js"></script><link rel="modulepreload" href="/assets/shared-b2.js">',
);
const counted = ['assets/index-a1.js', 'assets/shared-b2.js', 'assets/th-c3.js'] as const;
const total = counted.reduce((sum, name) => sum + gzipSync(files[name], { level: 9 }).length, 0);

function check(budgetKb: number) {
  const run = spawnSync(process.execPath, [script, '--dist', dist], {
    env: { LOGIN_BUDGET_KB: String(budgetKb) },
    encoding: 'utf8',
  });
  return { status: run.status, out: run.stdout + run.stderr };
}

describe('check-login-budget', () => {
  it('counts the page script, its static imports and the Thai texts, never another dynamic import', () => {
    const { status, out } = check(100);
    expect(status).toBe(0);
    for (const name of counted) expect(out).toContain(name);
    expect(out).not.toContain('en-d4.js');
    expect(out).not.toContain('home-e5.js');
    expect(out).toContain(`${(total / 1024).toFixed(1)} KB gzip`);
  });

  it('fails once the first download passes the budget', () => {
    const { status, out } = check((total - 100) / 1024);
    expect(status).toBe(1);
    expect(out).toContain('over budget');
  });
});
