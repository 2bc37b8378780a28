import { describe, expect, it } from 'vitest';
import { maskName } from '../../sandbox/bank/sandbox-bank.routes';
import { nameMatches, normalizeReference } from './slip-verifier';

describe('nameMatches', () => {
  it.each([
    ['SOMCHAI JAIDEE', 'SOMCHAI JAIDEE'],
    ['  somchai   jaidee ', 'SOMCHAI JAIDEE'],
    ['MR. SOMCHAI J***', 'SOMCHAI JAIDEE'],
    ['Mr Somchai Jaidee', 'somchai jaidee'],
    ['MRS SOMSRI M***', 'SOMSRI MEESUK'],
    ['MS. SOMSRI MEESUK', 'SOMSRI MEESUK'],
    ['MISS SOMSRI M', 'SOMSRI MEESUK'], // the last part as an initial, no mark
    ['SOMCHAI JAI•••', 'SOMCHAI JAIDEE'],
    ['S*** JAIDEE', 'SOMCHAI JAIDEE'],
    ['นาย สมชาย ใจดี', 'สมชาย ใจดี'],
    ['นาย สมชาย ใ***', 'สมชาย ใจดี'],
    ['นางสาว สมศรี ม***', 'สมศรี มีสุข'],
    ['นาง สมศรี มีสุข', 'สมศรี มีสุข'],
    ['น.ส. สมศรี ม***', 'สมศรี มีสุข'],
    ['น.ส.สมศรี มีสุข', 'สมศรี มีสุข'],
    ['ທ້າວ ສົມສັກ ພ***', 'ສົມສັກ ພົມມະ'],
  ])('%s can be %s', (shown, registered) => {
    expect(nameMatches(shown, registered)).toBe(true);
  });

  it.each([
    ['SOMCHAI J***', 'SOMSRI MEESUK'], // someone else
    ['SOMCHAI K***', 'SOMCHAI JAIDEE'], // a shown letter out of place
    ['SOMCHAI JAIDEE', 'SOMCHAI JAIDEEKUL'], // shown whole, so not cut short
    ['SOMCHAI', 'SOMCHAI JAIDEE'], // a part missing
    ['SOMCHAI JAIDEE SR', 'SOMCHAI JAIDEE'],
    ['S*** J***', 'SOMCHAI JAIDEE'], // nothing shown whole: too little to tell
    ['MR. ***', 'SOMCHAI JAIDEE'],
    ['', 'SOMCHAI JAIDEE'],
    ['SOMCHAI J***', 'สมชาย ใจดี'], // another script: not confirmed by this name
    ['นาย สมชาย ใ***', 'SOMCHAI JAIDEE'],
    ['นาย สมชาย ก***', 'สมชาย ใจดี'],
  ])('%s cannot be %s', (shown, registered) => {
    expect(nameMatches(shown, registered)).toBe(false);
  });

  it('accepts the names the sandbox bank shows for the name they mask', () => {
    for (const name of ['SOMCHAI JAIDEE', 'สมศรี มีสุข', 'ສົມສັກ ພົມມະ', 'ANNA']) {
      expect(nameMatches(maskName(name), name), maskName(name)).toBe(true);
    }
    expect(maskName('SOMCHAI JAIDEE')).toBe('SOMCHAI J***');
    expect(maskName('สมศรี มีสุข')).toBe('สมศรี ม***');
  });
});

describe('normalizeReference', () => {
  it('keys a reference in one letter case', () => {
    expect(normalizeReference('202506155AbCdEfGh1234IjKl')).toBe('202506155ABCDEFGH1234IJKL');
    expect(normalizeReference('016166120512bpp01234')).toBe(normalizeReference('016166120512BPP01234'));
  });
});
