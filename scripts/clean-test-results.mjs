// Forgets the results of an earlier run, so the summary counts this run only.
import { rmSync } from 'node:fs';

for (const name of ['unit.json', 'e2e.json']) {
  rmSync(new URL(`../test-results/${name}`, import.meta.url), { force: true });
}
