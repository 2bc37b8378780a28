import { inject } from 'vitest';

/**
 * The migrated database global-setup.ts made for this run, which each test's database copies;
 * none when a file runs outside that set-up (then its database migrates from nothing).
 */
export function migratedTemplate() {
  try {
    return inject('migratedTemplate');
  } catch {
    return undefined;
  }
}
