import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_VERSION } from '@wallet/contract/constants';
import defaultQr from '../../assets/default-contact-qr.svg';
import { fakeServer, renderWithProviders } from '../../test/render-app';
import { ContactPage } from './contact-page';

afterEach(() => vi.unstubAllGlobals());

const contact = (lineQR: string | null) => ({
  contact: {
    contactText: 'We answer 24 hours a day.',
    lineLink: 'https://line.example/x',
    lineName: '@wallet',
    lineQR,
  },
});

describe('contact page', () => {
  it('shows the server text, QR image, chat name and link, and the app version', async () => {
    fakeServer((url) =>
      url === '/api/lookup/contact' ? { body: contact('data:image/png;base64,AAAA') } : undefined,
    );
    await renderWithProviders(<ContactPage />, { path: '/contact' });
    expect(await screen.findByText('We answer 24 hours a day.')).toBeTruthy();
    expect(screen.getByAltText('QR code to chat with support').getAttribute('src')).toBe(
      'data:image/png;base64,AAAA',
    );
    expect(screen.getByText('@wallet')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Chat with us on LINE/ }).getAttribute('href')).toBe(
      'https://line.example/x',
    );
    expect(screen.getByText(`Version ${APP_VERSION}`)).toBeTruthy();
    // No WhatsApp unless the operator offers it.
    expect(screen.queryByRole('link', { name: /WhatsApp/ })).toBeNull();
  });

  it('offers WhatsApp beside LINE when the operator sets it (issue 32)', async () => {
    fakeServer((url) =>
      url === '/api/lookup/contact'
        ? {
            body: {
              contact: {
                ...contact(null).contact,
                whatsappLink: 'https://wa.me/8562055550000',
                whatsappName: '+856 20 5555 0000',
              },
            },
          }
        : undefined,
    );
    await renderWithProviders(<ContactPage />, { path: '/contact' });
    const link = await screen.findByRole('link', { name: /Chat on WhatsApp/ });
    expect(link.getAttribute('href')).toBe('https://wa.me/8562055550000');
    expect(link.textContent).toContain('+856 20 5555 0000');
    expect(screen.getByRole('link', { name: /Chat with us on LINE/ })).toBeTruthy();
  });

  it('falls back to the bundled QR image when the server has none', async () => {
    fakeServer((url) => (url === '/api/lookup/contact' ? { body: contact(null) } : undefined));
    await renderWithProviders(<ContactPage />, { path: '/contact' });
    const image = await screen.findByAltText('QR code to chat with support');
    expect(image.getAttribute('src')).toBe(defaultQr);
  });
});
