// Prints one closing line that counts every test of this run: "tests: N passed, N failed".
// Reads the JSON reports of vitest (unit, integration, component) and Playwright (browser).
import { existsSync, readFileSync } from 'node:fs';

const read = (name) => {
  const file = new URL(`../test-results/${name}`, import.meta.url);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
};

let passed = 0;
let failed = 0;
let skipped = 0;

const unit = read('unit.json');
if (unit) {
  passed += unit.numPassedTests;
  failed += unit.numFailedTests;
  skipped += unit.numPendingTests + unit.numTodoTests;
}
const e2e = read('e2e.json');
if (e2e) {
  passed += e2e.stats.expected;
  failed += e2e.stats.unexpected + e2e.stats.flaky;
  skipped += e2e.stats.skipped;
} else {
  console.warn('No browser test results: the browser tests did not run (see above).');
}

console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
