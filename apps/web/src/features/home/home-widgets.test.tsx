import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18next from '../../lib/i18n';
import { HomeWidgets } from './home-widgets';
import { GameCard } from './game-card';
import { gameAccount } from '../../test/wallet-data';

afterEach(() => i18next.changeLanguage('en'));

const chunksOf = (element: Element) =>
  [...element.querySelectorAll('span.whitespace-nowrap')].map((chunk) => chunk.textContent);

// Issue 16: on a 320 px phone a tile's label wraps between words, never inside one (decision 029).
describe('home tiles in Thai and Lao', () => {
  it('wrap a tile label between words only', async () => {
    await i18next.changeLanguage('lo');
    render(<HomeWidgets onSelect={() => {}} onCoinInfo={() => {}} spinCoins={null} />);
    expect(chunksOf(screen.getByRole('button', { name: 'ເງື່ອນໄຂໂບນັດ' }))).toEqual(['ເງື່ອນໄຂ', 'ໂບນັດ']);
    expect(chunksOf(screen.getByRole('button', { name: 'ອັບເດດຍອດທັງໝົດ' }))).toEqual(['ອັບເດດຍອດ', 'ທັງໝົດ']);
  });

  it('keep a game card’s action whole', async () => {
    await i18next.changeLanguage('th');
    render(<GameCard game={gameAccount('JOKER')} currency="BAHT" onOpen={() => {}} />);
    const card = screen.getByRole('button', { name: /เปิดบัญชี/ });
    expect(chunksOf(card)).toEqual(['เปิดบัญชี']);
  });
});

// Issue 31: the third tile read "Refresh all" and then turned into the wheel as home loaded.
describe('the third home tile while the wheel is not known yet', () => {
  it('holds its place empty: neither refresh all nor the wheel', () => {
    const { container } = render(
      <HomeWidgets onSelect={() => {}} onCoinInfo={() => {}} spinCoins={undefined} />,
    );
    expect(screen.queryByRole('button', { name: 'Refresh all' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Spin/ })).toBeNull();
    expect(container.querySelectorAll('li')).toHaveLength(6);
    expect(container.querySelector('[data-widget-pending]')).not.toBeNull();
  });

  it('shows refresh all once the wheel is known to be closed', () => {
    render(<HomeWidgets onSelect={() => {}} onCoinInfo={() => {}} spinCoins={null} />);
    expect(screen.getByRole('button', { name: 'Refresh all' })).toBeTruthy();
  });
});
