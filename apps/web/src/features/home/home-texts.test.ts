import { describe } from 'vitest';
import { itHasEveryTranslation } from '../../test/translation-checks';
import { homeTexts } from './home-texts';

// The same checks lib/i18n.test.ts makes of the namespaces in lib/; this one comes with the feature.
describe('home texts', () => {
  itHasEveryTranslation(homeTexts);
});
