import { describe, expect, it } from 'vitest';
import { LOCALES } from '@wallet/contract/constants';
import { chatTexts } from './chat-texts';

/** Every key path of a nested translation object, e.g. "panel.title". */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

function leaves(value: unknown): unknown[] {
  if (typeof value !== 'object' || value === null) return [value];
  return Object.values(value).flatMap(leaves);
}

// The same checks lib/i18n.test.ts makes of the namespaces in lib/; this one comes with the feature.
describe('chat texts', () => {
  it.each(LOCALES)('%s has exactly the texts English has, none empty', (locale) => {
    expect(keyPaths(chatTexts[locale]).sort()).toEqual(keyPaths(chatTexts.en).sort());
    expect(leaves(chatTexts[locale]).every((text) => typeof text === 'string' && text.trim() !== '')).toBe(
      true,
    );
  });

  it('keeps the spec words and the placeholders of every language', () => {
    expect(chatTexts.en.attach.notSupported).toBe('File is not supported');
    expect(chatTexts.en.attach.tooLarge).toBe(
      'The file is too large. Please select file no larger than {{n}} MB.',
    );
    expect(chatTexts.en.panel.endConversation).toBe('End Conversation');
    for (const locale of LOCALES) {
      expect(chatTexts[locale].attach.tooLarge).toContain('{{n}}');
      expect(chatTexts[locale].status.uploading_file).toContain('{{percent}}');
      expect(chatTexts[locale].panel.newMessages_other).toContain('{{count}}');
    }
  });

  it('writes Thai in Thai script and Lao in Lao script', () => {
    const thai = /[\u0E00-\u0E7F]/;
    const lao = /[\u0E80-\u0EFF]/;
    expect(leaves(chatTexts.th).join(' ')).toMatch(thai);
    expect(leaves(chatTexts.th).join(' ')).not.toMatch(lao);
    expect(leaves(chatTexts.lo).join(' ')).toMatch(lao);
    expect(leaves(chatTexts.lo).join(' ')).not.toMatch(thai);
  });
});
