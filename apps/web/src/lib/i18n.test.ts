import { describe, expect, it } from 'vitest';
import { LOCALES } from '@wallet/contract/constants';
import { ERROR_CODES } from '@wallet/contract/errors';
import { resources } from './i18n';

/** Every key path of a nested translation object, e.g. "login.title". */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

function leaves(value: unknown): unknown[] {
  if (typeof value !== 'object' || value === null) return [value];
  return Object.values(value).flatMap(leaves);
}

describe('translations', () => {
  it.each(LOCALES)('%s translates every error code of the contract', (locale) => {
    const errors: Record<string, unknown> = resources[locale].errors;
    const missing = ERROR_CODES.filter((code) => typeof errors[code] !== 'string' || errors[code] === '');
    expect(missing).toEqual([]);
  });

  it.each(LOCALES)('%s has exactly the interface texts English has, none empty', (locale) => {
    expect(keyPaths(resources[locale].common).sort()).toEqual(keyPaths(resources.en.common).sort());
    expect(
      leaves(resources[locale].common).every((text) => typeof text === 'string' && text.trim() !== ''),
    ).toBe(true);
  });

  it('writes Thai in Thai script and Lao in Lao script', () => {
    const thai = /[\u0E00-\u0E7F]/;
    const lao = /[\u0E80-\u0EFF]/;
    const texts = (locale: 'th' | 'lo') => leaves(resources[locale].common).join(' ');
    expect(texts('th')).toMatch(thai);
    expect(texts('th')).not.toMatch(lao);
    expect(texts('lo')).toMatch(lao);
    expect(texts('lo')).not.toMatch(thai);
  });
});
