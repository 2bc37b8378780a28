import { describe, expect, it } from 'vitest';
import { itHasEveryTranslation } from '../../test/translation-checks';
import { LOCALES } from '@wallet/contract/constants';
import { chatTexts } from './chat-texts';

// The same checks lib/i18n.test.ts makes of the namespaces in lib/; this one comes with the feature.
describe('chat texts', () => {
  itHasEveryTranslation(chatTexts);

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
});
