import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskName } from '../../sandbox/bank/sandbox-bank.routes';
import { HttpSlipVerifier } from './http-slip-verifier';
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
    ['นาย สมชาย ใจดี', 'สมชาย ใจดี'],
    ['นาย สมชาย ใจ***', 'สมชาย ใจดี'], // a leading vowel and its consonant
    ['สมชาย เก***', 'สมชาย เก่งกล้า'],
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
    ['S*** JAIDEE', 'SOMCHAI JAIDEE'], // only the last part may be cut short
    ['MR. ***', 'SOMCHAI JAIDEE'],
    ['', 'SOMCHAI JAIDEE'],
    ['SOMCHAI J***', 'สมชาย ใจดี'], // another script: not confirmed by this name
    ['นาย สมชาย ใ***', 'SOMCHAI JAIDEE'],
    ['นาย สมชาย ก***', 'สมชาย ใจดี'],
  ])('%s cannot be %s', (shown, registered) => {
    expect(nameMatches(shown, registered)).toBe(false);
  });

  // Same first name, same script: what is left to tell them apart must be shown.
  it.each([
    ['SOMCHAI ***', 'SOMCHAI JAIDEE'], // nothing shown of the last part: any SOMCHAI X
    ['SOMCHAI ***', 'SOMCHAI JONES'],
    ['SOMCHAI J***', 'SOMCHAI K'], // a shown letter out of place
    ['SOMCHAI J***', 'SOMCHAI J'], // nothing hidden after J: an attacker typing what was shown
    ['SOMCHAI JA***', 'SOMCHAI JONES'],
    ['SOMCHAI J***', 'SOMSAK JAIDEE'], // the same initial, another first name
    ['A ***', 'A B'], // one letter is not a part shown whole
    ['A B', 'A B'],
    ['A B***', 'A BEE'],
    ['SOMCHAI•• JAIDEE', 'SOMCHAI JAIDEE'], // a hidden first part
    ['สมชาย ***', 'สมชาย ใจดี'],
    ['สมชาย ใ***', 'สมชาย ใจดี'], // a leading vowel alone shows no consonant
    ['สมชาย ใ***', 'สมชาย ใหญ่ยิ่ง'],
    ['สมชาย เ***', 'สมชาย เก่งกล้า'],
    ['สมชาย ไ', 'สมชาย ไชยา'], // the same as an initial
    ['ສົມສັກ ໄ***', 'ສົມສັກ ໄຊຍະ'], // Lao leading vowels alike
  ])('%s cannot be %s (same first name)', (shown, registered) => {
    expect(nameMatches(shown, registered)).toBe(false);
  });

  it('still takes a same-first-name holder whose shown initial fits (the registration date decides then)', () => {
    expect(nameMatches('SOMCHAI J***', 'SOMCHAI JONES')).toBe(true);
    expect(nameMatches('SOMCHAI J', 'SOMCHAI JONES')).toBe(true);
    expect(nameMatches('สมชาย ใจ***', 'สมชาย ใจกล้า')).toBe(true);
  });

  it('accepts the names the sandbox bank shows for the name they mask', () => {
    for (const name of ['SOMCHAI JAIDEE', 'สมศรี มีสุข', 'สมชาย ใจดี', 'ສົມສັກ ພົມມະ', 'ສົມສັກ ໄຊຍະ', 'ANNA']) {
      expect(nameMatches(maskName(name), name), maskName(name)).toBe(true);
    }
    expect(maskName('SOMCHAI JAIDEE')).toBe('SOMCHAI J***');
    expect(maskName('สมศรี มีสุข')).toBe('สมศรี ม***');
    expect(maskName('สมชาย ใจดี')).toBe('สมชาย ใจ***');
  });
});

describe('nameMatches, Thai and Lao spellings (issue 25)', () => {
  const cp = (...codes: number[]) => String.fromCodePoint(...codes);
  it('takes a holder whose name is spelt another way that reads the same, and no other', () => {
    // ใจดำ registered with SARA AM; the bank shows ด + NIKHAHIT + SARA AA, and the marks of มั่น swapped.
    const registered = `${cp(0x0e21, 0x0e31, 0x0e48, 0x0e19)} ใจ${cp(0x0e14, 0x0e33)}`;
    expect(
      nameMatches(`นาย ${cp(0x0e21, 0x0e48, 0x0e31, 0x0e19)} ใจ${cp(0x0e14, 0x0e4d, 0x0e32)}`, registered),
    ).toBe(true);
    expect(nameMatches(`${cp(0x0e21, 0x0e48, 0x0e31, 0x0e19)} ใ***`, registered)).toBe(false);
    expect(nameMatches(`${cp(0x0e21, 0x0e31, 0x0e48, 0x0e19)} ใจดี`, registered)).toBe(false);
    // ຄຳ: Lao SARA AM, and NIGGAHITA with SARA AA.
    expect(nameMatches(`ສົມ ${cp(0x0e84, 0x0ecd, 0x0eb2)}ມະນີ`, `ສົມ ${cp(0x0e84, 0x0eb3)}ມະນີ`)).toBe(true);
  });
});

describe('normalizeReference', () => {
  it('keys a reference in one letter case', () => {
    expect(normalizeReference('202506155AbCdEfGh1234IjKl')).toBe('202506155ABCDEFGH1234IJKL');
    expect(normalizeReference('016166120512bpp01234')).toBe(normalizeReference('016166120512BPP01234'));
  });
});

describe('HttpSlipVerifier', () => {
  /** What the fake verifier answers for the sender and the receiver: their names in one format or the other. */
  let names: Record<string, unknown> = {};
  let server: Server;
  let verifier: HttpSlipVerifier;
  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const { transRef } = JSON.parse(body) as { transRef: string };
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify({
            status: 'found',
            transRef,
            amount: 10_000,
            paidAt: '2026-11-23T10:00:00.000Z',
            sender: { bankCode: 'SCB', accountNo: 'xxx-x-x6789-x', ...names },
            receiver: { bankCode: 'SCB', accountNo: 'xxx-x-x3156-x', name: 'WALLET CO' },
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    verifier = new HttpSlipVerifier({
      baseUrl: () => `http://127.0.0.1:${port}`,
      key: 'k',
      timeoutMs: 5_000,
    });
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  const senderNames = async () => {
    const verdict = await verifier.verify({ sendingBank: '014', transRef: '20261123ABC' });
    if (verdict.status !== 'found') throw new Error('not found');
    return { sender: verdict.sender.names, receiver: verdict.receiver.names };
  };

  it('takes the holder as `name` (one) or `names` (one per script), or both', async () => {
    names = { name: 'SOMCHAI J***' };
    expect(await senderNames()).toEqual({ sender: ['SOMCHAI J***'], receiver: ['WALLET CO'] });
    names = { names: ['SOMCHAI J***', 'นาย สมชาย ใจ***'] };
    expect((await senderNames()).sender).toEqual(['SOMCHAI J***', 'นาย สมชาย ใจ***']);
    names = { names: ['นาย สมชาย ใจ***'], name: 'SOMCHAI J***' };
    expect((await senderNames()).sender).toEqual(['นาย สมชาย ใจ***', 'SOMCHAI J***']);
    // No name at all: nothing can confirm the sender (the upload goes to review), nothing fails.
    names = {};
    expect((await senderNames()).sender).toEqual([]);
  });
});
