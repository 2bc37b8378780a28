import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BANK_BADGES, BankBadge, bankBadgeOf } from './bank-badge';

/** WCAG relative luminance of a #RRGGBB colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('bank badge', () => {
  it.each(Object.entries(BANK_BADGES))(
    '%s: its initials pass AA contrast (4.5:1) on its colour',
    (_, badge) => {
      expect(contrast(badge.background, badge.text)).toBeGreaterThanOrEqual(4.5);
      expect(badge.initials).toMatch(/^[A-Za-z+]{1,4}$/);
    },
  );

  it('draws a known bank in its colours with its initials, hidden from screen readers', () => {
    const { container } = render(<BankBadge code="BCEL" />);
    const badge = container.querySelector<HTMLElement>('[data-bank-badge]')!;
    expect(badge.dataset.bankBadge).toBe('BCEL');
    expect(badge.textContent).toBe('BCEL');
    expect(badge.getAttribute('aria-hidden')).toBe('true');
    expect(badge.style.backgroundColor.toUpperCase()).toBe(BANK_BADGES.BCEL!.background);
    expect(badge.style.color.toUpperCase()).toBe('#FFFFFF');
  });

  it('draws a bank it does not know as a neutral badge with the first letters of its code', () => {
    const { container } = render(<BankBadge code="NEW-BANK" />);
    const badge = container.querySelector<HTMLElement>('[data-bank-badge]')!;
    expect(badge.dataset.bankBadge).toBe('unknown');
    expect(badge.textContent).toBe('NEW');
    const neutral = bankBadgeOf('NEW-BANK');
    expect(neutral.known).toBe(false);
    expect(contrast(neutral.background, neutral.text)).toBeGreaterThanOrEqual(4.5);
    // Not a name inherited from Object.prototype.
    expect(bankBadgeOf('constructor').known).toBe(false);
  });
});
