import { describe, expect, it } from 'vitest';
import { LOCALES } from '@wallet/contract/constants';
import { consoleTexts } from './console-texts';

/** Every key path of a nested translation object, e.g. "inbox.title". */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

function leaves(value: unknown): unknown[] {
  if (typeof value !== 'object' || value === null) return [value];
  return Object.values(value).flatMap(leaves);
}

// The checks lib/i18n.test.ts makes of the namespaces in lib/; this one comes with the console.
describe('console texts', () => {
  it.each(LOCALES)('%s has exactly the texts English has, none empty', (locale) => {
    expect(keyPaths(consoleTexts[locale]).sort()).toEqual(keyPaths(consoleTexts.en).sort());
    expect(leaves(consoleTexts[locale]).every((text) => typeof text === 'string' && text.trim() !== '')).toBe(
      true,
    );
  });

  it('writes Thai in Thai script and Lao in Lao script', () => {
    const thai = /[\u0E00-\u0E7F]/;
    const lao = /[\u0E80-\u0EFF]/;
    const texts = (locale: 'th' | 'lo') => leaves(consoleTexts[locale]).join(' ');
    expect(texts('th')).toMatch(thai);
    expect(texts('th')).not.toMatch(lao);
    expect(texts('lo')).toMatch(lao);
    expect(texts('lo')).not.toMatch(thai);
  });
});
