import { expect, it } from 'vitest';
import { LOCALES } from '@wallet/contract/constants';

type Locale = (typeof LOCALES)[number];

/** Every key path of a nested translation object, e.g. "panel.title". */
export function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

/** Every text of a nested translation object. */
export function leaves(value: unknown): unknown[] {
  if (typeof value !== 'object' || value === null) return [value];
  return Object.values(value).flatMap(leaves);
}

/**
 * The checks every translation namespace must pass, registered in the calling `describe`: each
 * language has exactly English's keys, none empty, and Thai is in Thai script and Lao in Lao.
 */
export function itHasEveryTranslation(texts: Record<Locale, unknown>): void {
  it.each(LOCALES)('%s has exactly the texts English has, none empty', (locale) => {
    expect(keyPaths(texts[locale]).sort()).toEqual(keyPaths(texts.en).sort());
    expect(leaves(texts[locale]).filter((text) => typeof text !== 'string' || text.trim() === '')).toEqual(
      [],
    );
  });

  it('writes Thai in Thai script and Lao in Lao script', () => {
    const thai = /[\u0E00-\u0E7F]/;
    const lao = /[\u0E80-\u0EFF]/;
    const joined = (locale: 'th' | 'lo') => leaves(texts[locale]).join(' ');
    expect(joined('th')).toMatch(thai);
    expect(joined('th')).not.toMatch(lao);
    expect(joined('lo')).toMatch(lao);
    expect(joined('lo')).not.toMatch(thai);
  });
}
