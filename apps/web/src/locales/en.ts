// The interface texts and error texts of one language: a chunk of its own, fetched before the first
// render in that language (lib/i18n.ts), so a page carries one language, not three (decision 033).
import common from './en/common.json';
import errors from './en/errors.json';

export default { common, errors };
