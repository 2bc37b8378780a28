#!/usr/bin/env node
/**
 * Writes packages/contract/src/common-passwords.ts, the passwords refused as too common
 * (ASVS 5.0 6.2.4), from the password list of the npm package @zxcvbn-ts/language-common
 * (MIT, ordered from the most used down). Nothing in the build runs it; the file is committed.
 *
 *   npm pack @zxcvbn-ts/language-common && tar xzf zxcvbn-ts-language-common-*.tgz
 *   node scripts/make-common-passwords.mjs package/src/passwords.json 4.1.3
 *   npx prettier --write packages/contract/src/common-passwords.ts
 *
 * It keeps the first TOP passwords of the list that the length rule lets through (shorter ones
 * are refused anyway), lower-cased; rules.test.ts checks the bounds still match rules.ts.
 */
import { readFile, writeFile } from 'node:fs/promises';

const TOP = 10_000;
const [source, version] = process.argv.slice(2);
if (!source || !version) {
  console.error('usage: node scripts/make-common-passwords.mjs <passwords.json> <package version>');
  process.exit(1);
}
const all = JSON.parse(await readFile(source, 'utf8'));
// PASSWORD_MIN_LENGTH and PASSWORD_MAX_LENGTH of packages/contract/src/rules.ts.
const kept = [...new Set(all.slice(0, TOP).map((p) => p.toLowerCase()))].filter(
  (p) => p.length >= 8 && p.length <= 64 && !/[`\\$\s]/.test(p),
);

await writeFile(
  new URL('../packages/contract/src/common-passwords.ts', import.meta.url),
  `/**
 * The ${kept.length} passwords of 8 to 64 characters among the ${TOP} most used ones, lower-cased, one a
 * line: the password list of @zxcvbn-ts/language-common ${version}. Made by
 * scripts/make-common-passwords.mjs; not edited by hand.
 * Copyright (c) 2012-2016 Dan Wheeler and Dropbox, Inc.; Copyright (c) 2021 @zxcvbn-ts; MIT license.
 */
export const COMMON_PASSWORDS = \`
${kept.join('\n')}
\`;
`,
);
console.log(`${kept.length} passwords written`);
