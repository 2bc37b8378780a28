import { describe } from 'vitest';
import { itHasEveryTranslation } from '../../test/translation-checks';
import { consoleSectionTexts, consoleTexts } from './console-texts';

// The checks lib/i18n.test.ts makes of the namespaces in lib/; this one comes with the console.
describe('console texts', () => {
  itHasEveryTranslation(consoleTexts);
  for (const section of consoleSectionTexts) itHasEveryTranslation(section);
});
