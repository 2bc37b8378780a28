import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Page } from './page';
import { Phrase } from './phrase';
import { Button } from './ui/button';

const chunksOf = (element: Element) =>
  [...element.querySelectorAll('span.whitespace-nowrap')].map((chunk) => chunk.textContent);

describe('Phrase', () => {
  it('makes each chunk a span the browser cannot split, the text unchanged', () => {
    const { container } = render(
      <p>
        <Phrase text="รายการเดินบัญชี" />
      </p>,
    );
    expect(chunksOf(container)).toEqual(['รายการ', 'เดินบัญชี']);
    expect(container.textContent).toBe('รายการเดินบัญชี');
  });

  it('leaves English as plain text', () => {
    const { container } = render(
      <p>
        <Phrase text="Loss refund" />
      </p>,
    );
    expect(container.querySelector('span')).toBeNull();
    expect(container.textContent).toBe('Loss refund');
  });

  it('is how a page title and a button label wrap (issue 16)', () => {
    render(
      <Page title="ລາຍການເຄື່ອນໄຫວບັນຊີ">
        <Button>ເງື່ອນໄຂໂບນັດ</Button>
      </Page>,
    );
    expect(chunksOf(screen.getByRole('heading', { name: 'ລາຍການເຄື່ອນໄຫວບັນຊີ' }))).toEqual([
      'ລາຍການ',
      'ເຄື່ອນໄຫວບັນຊີ',
    ]);
    expect(chunksOf(screen.getByRole('button', { name: 'ເງື່ອນໄຂໂບນັດ' }))).toEqual(['ເງື່ອນໄຂ', 'ໂບນັດ']);
  });
});
