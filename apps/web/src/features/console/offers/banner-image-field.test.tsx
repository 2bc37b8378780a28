import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConsoleOffer, OFFER_DEFAULTS } from '@wallet/contract/http/console-offers';
import { storage } from '../../../lib/storage';
import { stubXhr } from '../../../test/fake-xhr';
import { fakeServer, renderWithProviders } from '../../../test/render-app';
import { BannerImageField } from './banner-image-field';

beforeEach(() => storage.setStaffCsrf('staff-csrf'));
afterEach(() => vi.unstubAllGlobals());

const STORED = '/api/media/banners/AbCdEfGhIjKlMnOpQrStUvWxYz012345.png';
const offer = (image: string): ConsoleOffer =>
  ConsoleOffer.parse({
    ...OFFER_DEFAULTS,
    contributions: [...OFFER_DEFAULTS.contributions],
    code: 'SUMMER',
    names: { th: 'SUMMER', lo: 'SUMMER', en: 'SUMMER' },
    notices: { th: '', lo: '', en: '' },
    type: 'limit',
    maxReceived: 1,
    bonusPercent: 10,
    maxBonus: { BAHT: 100_000, LAK: 60_000_000 },
    turnoverMultiple: 1,
    percentFail: 100,
    active: true,
    banners: [{ image, html: { th: '', lo: '', en: '' } }],
    running: 0,
    claims: 0,
    granted: { BAHT: 0, LAK: 0 },
    createdAt: '2026-11-28T00:00:00.000Z',
  });

/** The field as the editor holds it: the draft's image, set from the server's answer. */
function Harness({ code }: { code: string | null }) {
  const [image, setImage] = useState('');
  return <BannerImageField code={code} index={0} image={image} onUploaded={setImage} />;
}

const png = (bytes = 64) => new File([new Uint8Array(bytes)], 'summer.png', { type: 'image/png' });
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

describe('banner upload in the offer editor', () => {
  it('puts the image on the saved offer and previews the stored copy', async () => {
    fakeServer();
    const sent = stubXhr();
    await renderWithProviders(<Harness code="SUMMER" />);
    expect(screen.getByText('No image yet')).toBeTruthy();
    await userEvent.setup().upload(fileInput(), png());
    expect(sent).toHaveLength(1);
    expect([sent[0]!.method, sent[0]!.url]).toEqual(['PUT', '/api/console/offers/SUMMER/banners/0/image']);
    expect((sent[0]!.body!.get('file') as File).name).toBe('summer.png');
    sent[0]!.answer(200, { offer: offer(STORED) });
    expect(await screen.findByText('Image saved on the offer.')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Banner 1' }).getAttribute('src')).toBe(STORED);
  });

  it('shows the server’s refusal in words and keeps the picture as it was', async () => {
    fakeServer();
    const sent = stubXhr();
    await renderWithProviders(<Harness code="SUMMER" />);
    await userEvent.setup().upload(fileInput(), png());
    sent[0]!.answer(415, { message: 'BANNER_NOT_AN_IMAGE' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This file is not a PNG or JPEG image. Choose a picture saved as PNG or JPEG.',
    );
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('never sends a file over 5 MB, and waits for the offer to exist', async () => {
    fakeServer();
    const sent = stubXhr();
    const view = await renderWithProviders(<Harness code="SUMMER" />);
    await userEvent.setup().upload(fileInput(), png(5 * 1024 * 1024 + 1));
    expect(sent).toHaveLength(0);
    expect(screen.getByRole('alert').textContent).toBe(
      'This image is too large: at most 5 MB and 40 megapixels.',
    );
    view.unmount();

    await renderWithProviders(<Harness code={null} />);
    expect(screen.getByRole('button', { name: 'Upload image' })).toHaveProperty('disabled', true);
    expect(screen.getByText('Create the offer first, then upload its banners.')).toBeTruthy();
  });
});
