import { encode, tag, withCrcTag } from 'promptparse';
import { anyId, billPayment, slipVerify, trueMoneySlipVerify } from 'promptparse/generate';
import { describe, expect, it } from 'vitest';
import { readSlipPayload } from './slip-payload';

const CRC_LENGTH = 4;

/** A slip payload whose CRC starts with `zeros` zero digits, found by trying references. */
function payloadWithLeadingZeros(zeros: number): { payload: string; transRef: string } {
  for (let i = 0; ; i += 1) {
    const transRef = `2025061${String(i).padStart(6, '0')}BPM${String(i % 97).padStart(4, '0')}`;
    const payload = slipVerify({ sendingBank: '004', transRef });
    const crc = payload.slice(-CRC_LENGTH);
    if (crc.startsWith('0'.repeat(zeros)) && crc[zeros] !== '0') return { payload, transRef };
  }
}

const withCrc = (payload: string, crc: string) => payload.slice(0, -CRC_LENGTH) + crc;

describe('readSlipPayload', () => {
  it('reads a generated slip payload and a bank-printed example', () => {
    const payload = slipVerify({ sendingBank: '014', transRef: '2025061512345678ABCD' });
    expect(payload).toMatch(/^0041000600000101030140220.+5102TH9104[0-9A-F]{4}$/);
    expect(readSlipPayload(payload)).toEqual({ sendingBank: '014', transRef: '2025061512345678ABCD' });
    expect(readSlipPayload('004100060000010103014022000111222233344ABCD125102TH910417DF')).toEqual({
      sendingBank: '014',
      transRef: '00111222233344ABCD12',
    });
  });

  it.each([
    ['014', '202506155AbCdEfGh1234IjKl'], // mixed case, 25 characters
    ['025', 'KSA00000000123456789012ab'],
    ['002', '2025061512345678901234567'],
    ['004', '016166120512BPP01234'],
    ['069', 'TR0225061512345678'],
  ])('reads bank %s references shaped like %s', (sendingBank, transRef) => {
    expect(readSlipPayload(slipVerify({ sendingBank, transRef }))).toEqual({ sendingBank, transRef });
  });

  it.each([1, 2, 3])('accepts a CRC printed without its %i leading zero(s)', (zeros) => {
    const { payload, transRef } = payloadWithLeadingZeros(zeros);
    const crc = payload.slice(-CRC_LENGTH);
    const printed = withCrc(payload, crc.slice(zeros)); // e.g. 0A1B printed as A1B, tag still 9104
    expect(printed).toMatch(new RegExp(`9104[0-9A-F]{${CRC_LENGTH - zeros}}$`));
    expect(readSlipPayload(printed)).toEqual({ sendingBank: '004', transRef });
  });

  it('accepts a lower-case CRC', () => {
    const payload = slipVerify({ sendingBank: '004', transRef: '015123095437AQR05836' });
    const lower = withCrc(payload, payload.slice(-CRC_LENGTH).toLowerCase());
    expect(readSlipPayload(lower)).toEqual({ sendingBank: '004', transRef: '015123095437AQR05836' });
  });

  it('refuses a wrong CRC, including one cut at the wrong end or missing', () => {
    const { payload } = payloadWithLeadingZeros(1);
    const crc = payload.slice(-CRC_LENGTH); // 0XYZ
    const wrongDigit = (crc[3] === 'F' ? 'E' : 'F') as string;
    expect(readSlipPayload(withCrc(payload, crc.slice(0, 3) + wrongDigit))).toBeNull();
    expect(readSlipPayload(withCrc(payload, crc.slice(0, 3)))).toBeNull(); // 0XY: lost a real digit
    expect(readSlipPayload(withCrc(payload, crc.slice(1, 3)))).toBeNull(); // XY
    expect(readSlipPayload(withCrc(payload, ''))).toBeNull();
    expect(readSlipPayload(withCrc(payload, `${crc}0`))).toBeNull();
    // A changed reference under the old CRC: the CRC is what catches a forged reference.
    expect(readSlipPayload(payload.replace('2025061', '2025062'))).toBeNull();
  });

  it('refuses other EMVCo payloads, even with a correct CRC', () => {
    expect(readSlipPayload(anyId({ type: 'MSISDN', target: '0812223333', amount: 100 }))).toBeNull();
    expect(
      readSlipPayload(billPayment({ billerId: '0112233445566', ref1: 'CUSTOMER001', amount: 50 })),
    ).toBeNull();
    expect(
      readSlipPayload(
        trueMoneySlipVerify({ eventType: 'P2P', transactionId: '50001234567890', date: '15062025' }),
      ),
    ).toBeNull();
  });

  it('refuses a slip payload with anything added or changed around the three tags', () => {
    const slip = (tags: ReturnType<typeof tag>[]) => withCrcTag(encode(tags), '91');
    const inner = encode([tag('00', '000001'), tag('01', '004'), tag('02', '015123095437AQR05836')]);
    expect(readSlipPayload(slip([tag('00', inner), tag('51', 'TH')]))).not.toBeNull();

    expect(readSlipPayload(slip([tag('00', inner), tag('51', 'TH'), tag('62', '0703ABC')]))).toBeNull();
    expect(readSlipPayload(slip([tag('00', inner), tag('51', 'LA')]))).toBeNull();
    expect(readSlipPayload(slip([tag('00', inner)]))).toBeNull();
    const otherApi = encode([tag('00', '000002'), tag('01', '004'), tag('02', '015123095437AQR05836')]);
    expect(readSlipPayload(slip([tag('00', otherApi), tag('51', 'TH')]))).toBeNull();
    const letterBank = encode([tag('00', '000001'), tag('01', 'KBK'), tag('02', '015123095437AQR05836')]);
    expect(readSlipPayload(slip([tag('00', letterBank), tag('51', 'TH')]))).toBeNull();
  });

  it('refuses text that is not a payload at all', () => {
    for (const text of [
      '',
      'hello',
      'https://example.com/slip?ref=015123095437AQR05836',
      '0000000000000000000000000000000000000000',
      ' 004100060000010103014022000111222233344ABCD125102TH910417DF',
      '004100060000010103014022000111222233344ABCD125102TH910417DF\n',
      'x'.repeat(10_000),
    ]) {
      expect(readSlipPayload(text), JSON.stringify(text.slice(0, 40))).toBeNull();
    }
  });
});
