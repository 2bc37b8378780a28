import { describe } from 'vitest';
import { itHasEveryTranslation } from '../test/translation-checks';
import { reasonsTexts } from './reasons-texts';

describe('reasons texts', () => {
  itHasEveryTranslation(reasonsTexts);
});
