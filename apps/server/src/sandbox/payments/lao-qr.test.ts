import { describe, expect, it } from 'vitest';
import { emvCrc, emvFields, laoQrPayload } from './lao-qr';

describe('the sandbox LAO QR payload', () => {
  it('checksums as EMVCo does (CRC-16/CCITT-FALSE)', () => {
    expect(emvCrc('123456789')).toBe('29B1');
  });

  it('is a dynamic code in kip for Laos, for the exact amount in whole kip, with its checksum', () => {
    const payload = laoQrPayload({
      bankCode: 'BCEL',
      accountNo: '0101100458723',
      merchantName: 'LUCKY WALLET',
      amount: 1_250_000_00,
      reference: 'ref-12345678',
    });
    const fields = emvFields(payload);
    expect(Object.fromEntries(fields)).toMatchObject({
      '00': '01',
      '01': '12',
      '53': '418',
      '54': '1250000',
      '58': 'LA',
      '59': 'LUCKY WALLET',
    });
    expect(Object.fromEntries(emvFields(fields.get('38')!))).toEqual({
      '00': 'A005266284662577',
      '01': 'BCEL',
      '02': '001',
      '03': '0101100458723',
    });
    expect(emvFields(fields.get('62')!).get('05')).toBe('ref-12345678');
    expect(payload.slice(-8, -4)).toBe('6304');
    expect(fields.get('63')).toBe(emvCrc(payload.slice(0, -4)));
    // An amount with att keeps them rather than rounding.
    expect(
      emvFields(
        laoQrPayload({ bankCode: 'BCEL', accountNo: '1', merchantName: 'X', amount: 1050, reference: 'r' }),
      ).get('54'),
    ).toBe('10.50');
  });
});
