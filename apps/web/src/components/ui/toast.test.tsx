import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18next from '../../lib/i18n';
import { Dialog } from './dialog';
import { ToastProvider, useToast, useToastScreen } from './toast';

beforeAll(() => i18next.changeLanguage('en'));
afterEach(async () => {
  cleanup();
  // Closed dialogs pop their history entries on a timer.
  await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
});

/**
 * A screen (its path in state, as the router's would be) with two dialogs, as home has the
 * invite and refund dialogs: each raises toasts as the app's do (decision 072).
 */
function Screen() {
  const toast = useToast();
  const [path, setPath] = useState('/user/home');
  const [open, setOpen] = useState<'invite' | 'refund' | null>(null);
  useToastScreen(path);
  return (
    <main>
      <p>On {path}</p>
      <button type="button" onClick={() => toast.show('success', 'Coins added')}>
        Raise on the screen
      </button>
      <button type="button" onClick={() => toast.show('success', 'Registered', { after: 'leave' })}>
        Raise and leave
      </button>
      <button type="button" onClick={() => setPath('/user/statement')}>
        Go to the statement
      </button>
      <button type="button" onClick={() => setOpen('invite')}>
        Open invite
      </button>
      <button type="button" onClick={() => setOpen('refund')}>
        Open refund
      </button>
      <Dialog open={open === 'invite'} onClose={() => setOpen(null)} title="Invite">
        <button type="button" onClick={() => toast.show('success', 'Copied')}>
          Copy
        </button>
        <button
          type="button"
          onClick={() => {
            toast.show('success', 'Bonus received', { after: 'close' });
            setOpen(null);
          }}
        >
          Claim and close
        </button>
      </Dialog>
      <Dialog open={open === 'refund'} onClose={() => setOpen(null)} title="Refund">
        <p>Refund balance</p>
      </Dialog>
    </main>
  );
}

const renderScreen = () => {
  render(
    <ToastProvider>
      <Screen />
    </ToastProvider>,
  );
  return userEvent.setup();
};
const toastTexts = () =>
  screen
    .queryAllByRole('status')
    .map((region) => region.textContent)
    .join('|');

describe('a toast belongs to the screen or dialog that raised it (decision 072)', () => {
  it('goes with its dialog, and never shows in the next one ("Copied" in the refund dialog)', async () => {
    const user = renderScreen();
    await user.click(screen.getByRole('button', { name: 'Open invite' }));
    const invite = screen.getByRole('dialog', { name: 'Invite' });
    await user.click(within(invite).getByRole('button', { name: 'Copy' }));
    expect(within(invite).getByRole('status').textContent).toBe('Copied');

    await user.click(within(invite).getByRole('button', { name: 'Close' }));
    expect(toastTexts()).not.toContain('Copied');
    await user.click(screen.getByRole('button', { name: 'Open refund' }));
    const refund = screen.getByRole('dialog', { name: 'Refund' });
    expect(within(refund).getByRole('status').textContent).toBe('');
    expect(toastTexts()).not.toContain('Copied');
  });

  it('passes to the screen beneath when it tells how its dialog ended', async () => {
    const user = renderScreen();
    await user.click(screen.getByRole('button', { name: 'Open invite' }));
    await user.click(screen.getByRole('button', { name: 'Claim and close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toastTexts()).toContain('Bonus received');
  });

  it("goes with its screen, and a screen's toast never shows in a dialog opened later", async () => {
    const user = renderScreen();
    await user.click(screen.getByRole('button', { name: 'Raise on the screen' }));
    expect(toastTexts()).toContain('Coins added');

    await user.click(screen.getByRole('button', { name: 'Open refund' }));
    const refund = screen.getByRole('dialog', { name: 'Refund' });
    expect(within(refund).getByRole('status').textContent).toBe('');
    await user.click(within(refund).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Go to the statement' }));
    screen.getByText('On /user/statement');
    expect(toastTexts()).not.toContain('Coins added');
  });

  it('passes to the next screen when its action leaves the screen, and no further', async () => {
    const user = renderScreen();
    await user.click(screen.getByRole('button', { name: 'Raise and leave' }));
    await user.click(screen.getByRole('button', { name: 'Go to the statement' }));
    expect(toastTexts()).toContain('Registered');
  });
});
