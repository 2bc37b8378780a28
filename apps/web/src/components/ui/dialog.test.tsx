import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, useState } from 'react';
import { createBrowserRouter, RouterProvider, useBlocker, useNavigate } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18next from '../../lib/i18n';
import { Dialog } from './dialog';

beforeAll(() => i18next.changeLanguage('en'));
// A page entry of the test's own, with nothing after it: history.length counts from there.
beforeEach(() => window.history.pushState(null, '', window.location.pathname));
// NOTE: history outlives a test (one window per file): each test ends with its dialogs closed
// and their entries popped, which happens on a timer after the last close.
afterEach(async () => {
  cleanup();
  await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
});

const marked = () =>
  typeof (window.history.state as Record<string, unknown> | null)?.walletDialog === 'string';
const back = () =>
  act(() => {
    window.history.back();
  });

/** A dialog with a confirm that opens over it, as the app's dialogs do. */
function Details({ onClose = () => {} }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  const [asking, setAsking] = useState(false);
  return (
    <main>
      <h1>Page</h1>
      <button type="button" onClick={() => setOpen(true)}>
        Open details
      </button>
      <Dialog
        open={open}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        title="Details"
      >
        <button type="button" onClick={() => setAsking(true)}>
          Reset
        </button>
        <Dialog
          open={asking}
          onClose={() => setAsking(false)}
          title="Reset the password?"
          footer={
            <button type="button" onClick={() => setAsking(false)}>
              Keep it
            </button>
          }
        >
          <p>The old one stops working.</p>
        </Dialog>
      </Dialog>
    </main>
  );
}

const dialogNamed = (name: string) => screen.queryByRole('dialog', { name });

describe('the phone’s Back and dialogs', () => {
  it('closes the open dialog on Back, and the page stays (nothing else hears that Back)', async () => {
    const onClose = vi.fn();
    const routerHears = vi.fn();
    window.addEventListener('popstate', routerHears);
    render(<Details onClose={onClose} />);
    const before = window.history.length;

    await userEvent.click(screen.getByRole('button', { name: 'Open details' }));
    expect(dialogNamed('Details')).toBeTruthy();
    expect(window.history.length).toBe(before + 1);
    expect(marked()).toBe(true);

    back();
    await waitFor(() => expect(dialogNamed('Details')).toBeNull());
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(marked()).toBe(false);
    expect(screen.getByRole('heading', { name: 'Page' })).toBeTruthy();
    expect(routerHears).not.toHaveBeenCalled();
    window.removeEventListener('popstate', routerHears);
  });

  it('takes its entry out again when closed by ✕ or Esc, so history does not grow', async () => {
    render(<Details />);
    const before = window.history.length;
    const start = window.history.state as unknown;

    await userEvent.click(screen.getByRole('button', { name: 'Open details' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(marked()).toBe(false));
    expect(window.history.state).toEqual(start);

    await userEvent.click(screen.getByRole('button', { name: 'Open details' }));
    // Esc: the browser fires `cancel` on the open modal (happy-dom has no key handling for it).
    fireEvent(screen.getByRole('dialog', { name: 'Details' }), new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(dialogNamed('Details')).toBeNull());
    await waitFor(() => expect(marked()).toBe(false));
    // Each opening took the place of the one before: one entry at most, never more.
    expect(window.history.length).toBe(before + 1);
  });

  it('takes one Back for each dialog of a stack: the confirm first, then the dialog under it', async () => {
    render(<Details />);
    await userEvent.click(screen.getByRole('button', { name: 'Open details' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(dialogNamed('Reset the password?')).toBeTruthy();

    back();
    await waitFor(() => expect(dialogNamed('Reset the password?')).toBeNull());
    expect(dialogNamed('Details')).toBeTruthy();
    expect(marked()).toBe(true);

    back();
    await waitFor(() => expect(dialogNamed('Details')).toBeNull());
    expect(marked()).toBe(false);
  });

  it('pops the confirm’s entry when its own button closes it, and Back then closes the dialog', async () => {
    render(<Details />);
    await userEvent.click(screen.getByRole('button', { name: 'Open details' }));
    const withDialog = window.history.state as unknown;
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await userEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(window.history.state).toEqual(withDialog));
    expect(dialogNamed('Details')).toBeTruthy();

    back();
    await waitFor(() => expect(dialogNamed('Details')).toBeNull());
  });

  it('pushes one entry under StrictMode’s doubled effects, and pops it', async () => {
    render(
      <StrictMode>
        <Details />
      </StrictMode>,
    );
    const before = window.history.length;
    await userEvent.click(screen.getByRole('button', { name: 'Open details' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(window.history.length).toBe(before + 1);
    expect(marked()).toBe(true);

    back();
    await waitFor(() => expect(dialogNamed('Details')).toBeNull());
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(marked()).toBe(false);
    expect(window.history.length).toBe(before + 1);
  });
});

describe('Back, dialogs and React Router', () => {
  /** Page B: a dialog with a way on to page C, closed first and then navigating. */
  function PageB() {
    const navigate = useNavigate();
    const [open, setOpen] = useState(false);
    return (
      <main>
        <h1>Page B</h1>
        <button type="button" onClick={() => setOpen(true)}>
          Open details
        </button>
        <Dialog open={open} onClose={() => setOpen(false)} title="Details">
          <button
            type="button"
            onClick={() => {
              setOpen(false);
              void navigate('/c');
            }}
          >
            Go to C
          </button>
        </Dialog>
      </main>
    );
  }

  /** A page that asks before leaving, as the registration wizard does. */
  function Asking() {
    const navigate = useNavigate();
    const blocker = useBlocker(({ nextLocation }) => nextLocation.pathname !== '/ask');
    return (
      <main>
        <h1>Asking</h1>
        <button type="button" onClick={() => void navigate('/c')}>
          Leave for C
        </button>
        <Dialog open={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title="Leave?">
          <button type="button" onClick={() => blocker.proceed?.()}>
            Leave
          </button>
        </Dialog>
      </main>
    );
  }

  async function renderRouter(path: string) {
    window.history.replaceState(null, '', '/a');
    const router = createBrowserRouter([
      { path: '/a', element: <h1>Page A</h1> },
      { path: '/b', element: <PageB /> },
      { path: '/c', element: <h1>Page C</h1> },
      { path: '/ask', element: <Asking /> },
    ]);
    render(<RouterProvider router={router} />);
    await act(() => router.navigate(path));
    return router;
  }

  it('closes the dialog on Back without the router moving: the page stays, its next Back leaves', async () => {
    const router = await renderRouter('/b');
    await userEvent.click(await screen.findByRole('button', { name: 'Open details' }));

    back();
    await waitFor(() => expect(dialogNamed('Details')).toBeNull());
    expect(screen.getByRole('heading', { name: 'Page B' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/b');
    // The router never saw a pop: its last move is still the push to /b.
    expect(router.state.historyAction).toBe('PUSH');

    back();
    expect(await screen.findByRole('heading', { name: 'Page A' })).toBeTruthy();
  });

  it('leaves history to the router when a dialog closes to follow a link, and one Back returns', async () => {
    const router = await renderRouter('/b');
    await userEvent.click(await screen.findByRole('button', { name: 'Open details' }));
    await userEvent.click(screen.getByRole('button', { name: 'Go to C' }));
    expect(await screen.findByRole('heading', { name: 'Page C' })).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    // Not taken back to B by the dialog's closing.
    expect(router.state.location.pathname).toBe('/c');

    back();
    expect(await screen.findByRole('heading', { name: 'Page B' })).toBeTruthy();
    // The dialog's old entry is stepped over: B's own entry, and the next Back goes on to A.
    await waitFor(() => expect(marked()).toBe(false));
    back();
    expect(await screen.findByRole('heading', { name: 'Page A' })).toBeTruthy();
  });

  it('pushes nothing for the question of a blocked navigation: the router answers it', async () => {
    const router = await renderRouter('/ask');
    await userEvent.click(await screen.findByRole('button', { name: 'Leave for C' }));
    expect(await screen.findByRole('dialog', { name: 'Leave?' })).toBeTruthy();
    expect(marked()).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Page C' })).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(router.state.location.pathname).toBe('/c');
  });
});

describe('a reload on a dialog’s entry', () => {
  // NOTE: last in the file: it loads the module again, whose popstate listener then stays.
  it('takes that entry out, so the next Back leaves the page', async () => {
    window.history.pushState({ walletDialog: 'an-earlier-load:1' }, '');
    vi.resetModules();
    await import('./dialog');
    await waitFor(() => expect(marked()).toBe(false));
  });
});

describe('the dialog title', () => {
  it('wraps a Thai title between words only, and is named by the title as written', async () => {
    render(
      <Dialog open onClose={() => {}} title="รายการเดินบัญชี">
        <p>Body</p>
      </Dialog>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'รายการเดินบัญชี' });
    const heading = dialog.querySelector('h2')!;
    expect(heading.querySelector('[data-phrase]')).not.toBeNull();
    expect([...heading.querySelectorAll('.whitespace-nowrap')].map((chunk) => chunk.textContent)).toEqual([
      'รายการ',
      'เดินบัญชี',
    ]);
  });
});
