import { describe, expect, it } from 'vitest';
import { Amount, formatMajorAmount, parseMajorAmount } from './money';

describe('money', () => {
  it.each([
    ['100', 10000],
    ['100.5', 10050],
    ['100.50', 10050],
    ['0.01', 1],
    ['1,234.56', 123456],
    [' 7 ', 700],
    ['0.29', 29],
    ['1.15', 115],
  ])('reads %s as %i minor units, exactly', (text, minor) => {
    expect(parseMajorAmount(text)).toBe(minor);
  });

  it.each(['', 'abc', '1.234', '-5', '1e3', '1.', '.5', 'NaN', '12345678901234'])('refuses %s', (text) => {
    expect(parseMajorAmount(text)).toBeNull();
  });

  it.each([
    [0, '0.00'],
    [1, '0.01'],
    [10050, '100.50'],
    [123456789, '1,234,567.89'],
    [-250, '-2.50'],
  ])('formats %i as %s', (minor, text) => {
    expect(formatMajorAmount(minor)).toBe(text);
  });

  it('round-trips every amount up to 100 baht', () => {
    for (let minor = 0; minor <= 10_000; minor++) {
      expect(parseMajorAmount(formatMajorAmount(minor))).toBe(minor);
    }
  });

  it('accepts only non-negative safe integers as JSON amounts', () => {
    expect(Amount.safeParse(10050).success).toBe(true);
    for (const bad of [1.5, -1, Number.MAX_SAFE_INTEGER + 1, '100'])
      expect(Amount.safeParse(bad).success).toBe(false);
  });

  describe('kip (decision 068)', () => {
    it.each([
      [50_000_00, '50,000'],
      [500_000_00, '500,000'],
      [0, '0'],
      [-1_000_00, '-1,000'],
      [1_000_50, '1,000.50'],
    ])('formats %i att as %s', (minor, text) => {
      expect(formatMajorAmount(minor, 'LAK')).toBe(text);
    });

    it.each([
      ['500,000', 500_000_00],
      ['50000', 50_000_00],
      [' 1 ', 100],
    ])('reads %s typed as whole kip', (text, minor) => {
      expect(parseMajorAmount(text, 'LAK')).toBe(minor);
    });

    it.each(['100.50', '100.5', '1.', ''])('refuses %s in kip', (text) => {
      expect(parseMajorAmount(text, 'LAK')).toBeNull();
    });

    it('round-trips whole kip', () => {
      for (let kip = 0; kip <= 2_000; kip++) {
        expect(parseMajorAmount(formatMajorAmount(kip * 100, 'LAK'), 'LAK')).toBe(kip * 100);
      }
    });
  });
});
