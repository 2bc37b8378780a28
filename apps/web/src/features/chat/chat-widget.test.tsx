import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SocketAuth } from '@wallet/contract/socket';
import { chooseLocale } from '../../lib/i18n';
import { storage } from '../../lib/storage';
import { chatMessage, chatMessages, chatRoom, GUEST_ID } from '../../test/chat-data';
import { stubXhr } from '../../test/fake-xhr';
import { bodyOf, fakeServer, renderApp } from '../../test/render-app';
import { memberServer, signIn, walletResponse } from '../../test/wallet-data';
import { chatTexts } from './chat-texts';

// The panel's socket is the test's (the factory module is the seam; socket.io is never touched).
vi.mock('./socket-factory', async () => {
  const { FakeChatSocket: Fake } = await import('../../test/chat-data');
  return { createChatSocket: (auth: SocketAuth) => new Fake(auth) };
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

type Room = ReturnType<typeof chatRoom>;
type Call = { url: string; init: RequestInit };

const callsTo = (calls: Call[], url: string) => calls.filter((call) => call.url === url);
const sent = (calls: Call[]) =>
  callsTo(calls, '/api/chat/send-message').map((call) => bodyOf(call) as Record<string, unknown>);

/** A guest on the contact page opens the chat; resolves once the history is shown. */
async function openChat(room: Room, { guest = true }: { guest?: boolean } = {}) {
  if (guest) storage.setGuestId(GUEST_ID);
  const calls = fakeServer((url, init) => room.handler(url, init));
  await renderApp('/contact');
  await userEvent.click(await screen.findByRole('button', { name: /^Chat with support/ }));
  const panel = await screen.findByRole('dialog', { name: 'Support chat' });
  await waitFor(() =>
    expect(
      within(panel).getByRole<HTMLButtonElement>('button', { name: 'Attach a photo or video' }).disabled,
    ).toBe(false),
  );
  // The socket connected and caught up.
  await waitFor(() => expect(callsTo(calls, '/api/chat/since').length).toBeGreaterThan(0));
  return { calls, panel };
}

const box = (panel: HTMLElement) =>
  within(panel).getByRole<HTMLTextAreaElement>('textbox', { name: 'Your message' });
const scroller = (panel: HTMLElement) => panel.querySelector<HTMLElement>('[data-chat-scroller]')!;
const shownTexts = (panel: HTMLElement) =>
  [...panel.querySelectorAll('li[data-seq] [data-words]')].map((words) => words.textContent);

/**
 * Gives the scroller a layout: `rows` px per row, a window of `height` px, and a scroll position;
 * `resize` changes the window's height as the panel's header rows would.
 */
function layout(el: HTMLElement, { rowHeight = 50, height = 400 } = {}) {
  let top = 0;
  Object.defineProperty(el, 'clientHeight', { configurable: true, get: () => height });
  Object.defineProperty(el, 'scrollHeight', {
    configurable: true,
    get: () => el.querySelectorAll('li').length * rowHeight,
  });
  Object.defineProperty(el, 'scrollTop', {
    configurable: true,
    get: () => top,
    set: (value: number) => {
      // As a browser does: never past the ends.
      top = Math.max(0, Math.min(value, el.scrollHeight - height));
    },
  });
  return {
    scrollTo(value: number) {
      el.scrollTop = value;
      fireEvent.scroll(el);
    },
    resize(value: number) {
      height = value;
      // As a browser does: a shorter window keeps its scroll position (no scroll event).
      top = Math.max(0, Math.min(top, el.scrollHeight - height));
      resizeObservers.resized(el);
    },
    get top() {
      return top;
    },
  };
}

/**
 * ResizeObserver as the test's (happy-dom's never reports): `resized(el)` tells the observers
 * watching `el`, as the browser does after a layout that changed its size.
 */
const resizeObservers = {
  watching: [] as { callback: ResizeObserverCallback; targets: Set<Element> }[],
  install() {
    this.watching = [];
    const watching = this.watching;
    vi.stubGlobal(
      'ResizeObserver',
      class {
        private readonly entry: (typeof watching)[number];
        constructor(callback: ResizeObserverCallback) {
          this.entry = { callback, targets: new Set() };
          watching.push(this.entry);
        }
        observe(target: Element) {
          this.entry.targets.add(target);
        }
        unobserve(target: Element) {
          this.entry.targets.delete(target);
        }
        disconnect() {
          this.entry.targets.clear();
        }
      },
    );
  },
  resized(el: Element) {
    for (const { callback, targets } of this.watching) {
      if (targets.has(el)) act(() => callback([], {} as ResizeObserver));
    }
  },
};

describe('chat launcher', () => {
  it('shows no chat button when the server has the widget off', async () => {
    const room = chatRoom();
    fakeServer((url, init) =>
      url === '/api/lookup/enableChatWidget'
        ? { body: { enableChatWidget: false } }
        : room.handler(url, init),
    );
    await renderApp('/contact');
    await screen.findByRole('heading', { name: 'Contact us' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('button', { name: /^Chat with support/ })).toBeNull();
  });

  it('badges the button with the answers not read since the last visit, and reads them ~1 s after opening', async () => {
    const room = chatRoom([chatMessage(1, 'Hello'), chatMessage(2, 'We found your deposit')], {
      customerReadSeq: 0,
    });
    storage.setGuestId(GUEST_ID);
    const calls = fakeServer((url, init) => room.handler(url, init));
    await renderApp('/contact');
    const button = await screen.findByRole('button', { name: 'Chat with support, 2 unread messages' });
    expect(button.querySelector('[data-chat-badge]')?.textContent).toBe('2');
    expect(bodyOf(callsTo(calls, '/api/chat/unread')[0]!)).toEqual({ guestId: GUEST_ID });

    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    await userEvent.click(button);
    const panel = await screen.findByRole('dialog', { name: 'Support chat' });
    await within(panel).findByText('We found your deposit');
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(callsTo(calls, '/api/chat/read-customer')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(600));
    await waitFor(() => expect(callsTo(calls, '/api/chat/read-customer')).toHaveLength(1));
    expect(bodyOf(callsTo(calls, '/api/chat/read-customer')[0]!)).toEqual({ guestId: GUEST_ID, seq: 2 });
    await waitFor(() => expect(document.querySelector('[data-chat-badge]')).toBeNull());
  });

  it('asks for a guest id once for a new visitor and keeps it', async () => {
    const room = chatRoom();
    const { calls } = await openChat(room, { guest: false });
    expect(callsTo(calls, '/api/chat/guest')).toHaveLength(1);
    expect(storage.getGuestId()).toBe(GUEST_ID);
    expect(room.socket().auth).toEqual({ guestId: GUEST_ID });
    expect(room.socket().joins).toEqual([{ guestId: GUEST_ID }]);
    expect(bodyOf(callsTo(calls, '/api/chat/history')[0]!)).toEqual({
      guestId: GUEST_ID,
      limit: 10,
      skip: 0,
    });
  });

  it('forgets a stored guest id the server refuses and continues under a new one', async () => {
    const room = chatRoom([chatMessage(1, 'Welcome back')]);
    const stale = `g${'z'.repeat(22)}.${'y'.repeat(22)}`;
    // (The badge's call takes it; the room's history refuses it.)
    room.answer = (url, body) =>
      url === '/api/chat/history' && body.guestId === stale
        ? { status: 403, body: { message: 'CHAT_GUEST_INVALID' } }
        : undefined;
    storage.setGuestId(stale);
    const { calls, panel } = await openChat(room, { guest: false });
    await within(panel).findByText('Welcome back');
    expect(callsTo(calls, '/api/chat/guest')).toHaveLength(1);
    expect(storage.getGuestId()).toBe(GUEST_ID);
    expect(bodyOf(callsTo(calls, '/api/chat/history').at(-1)!)).toMatchObject({ guestId: GUEST_ID });
    expect(room.socket().auth).toEqual({ guestId: GUEST_ID });
    expect(within(panel).queryByRole('alert')).toBeNull();
  });
});

describe('chat and the language', () => {
  it('keeps the panel open with what the member typed when the language is switched', async () => {
    const room = chatRoom([chatMessage(1, 'Hello')]);
    const { calls, panel } = await openChat(room);
    await userEvent.type(box(panel), 'My deposit');
    const lookups = () => callsTo(calls, '/api/lookup/enableChatWidget').length;
    const asked = lookups();

    await act(() => chooseLocale('th'));
    // The widget's switch is asked again in Thai.
    await waitFor(() => expect(lookups()).toBeGreaterThan(asked));
    const shown = await screen.findByRole('dialog', { name: chatTexts.th.panel.title });
    expect(shown).toBe(panel);
    expect(shown.dataset.open).toBe('true');
    expect(
      within(shown).getByRole<HTMLTextAreaElement>('textbox', { name: chatTexts.th.composer.label }).value,
    ).toBe('My deposit');
    expect(within(shown).getByText('Hello')).toBeTruthy();
  });
});

describe('chat of a signed-in member', () => {
  it('takes the guest conversation of this device once, forgets the guest id, and joins the member room', async () => {
    signIn();
    storage.setGuestId(GUEST_ID);
    const room = chatRoom([chatMessage(1, 'Asked as a guest', { sender: 'customer' })]);
    const calls = memberServer(
      () => walletResponse(50_000),
      (url, init) => room.handler(url, init),
    );
    await renderApp('/user/profile');
    await userEvent.click(await screen.findByRole('button', { name: /^Chat with support/ }));
    const panel = await screen.findByRole('dialog', { name: 'Support chat' });
    await within(panel).findByText('Asked as a guest');

    const claims = callsTo(calls, '/api/chat/claim-guest');
    expect(claims).toHaveLength(1);
    expect(bodyOf(claims[0]!)).toEqual({ guestId: GUEST_ID });
    expect(storage.getGuestId()).toBeNull();
    // The claim comes before the member's room is read, and the member asks as themselves.
    const order = calls.map((call) => call.url).filter((url) => url.startsWith('/api/chat/'));
    expect(order.indexOf('/api/chat/claim-guest')).toBeLessThan(order.indexOf('/api/chat/history'));
    expect(bodyOf(callsTo(calls, '/api/chat/history')[0]!)).toEqual({ limit: 10, skip: 0 });
    await waitFor(() => expect(room.socket().joins).toEqual([{ userId: 100001 }]));
    expect(room.socket().auth).toEqual({ token: 'token' });
  });
});

describe('chat composer', () => {
  it('sends with Enter, never with Shift, Ctrl, Alt or Meta and Enter, and sends the text trimmed', async () => {
    const room = chatRoom();
    const { calls, panel } = await openChat(room);
    const text = box(panel);
    await userEvent.click(text);
    await userEvent.keyboard('   {Enter}');
    expect(sent(calls)).toHaveLength(0);

    await userEvent.type(text, '  My deposit ');
    for (const modifier of ['Shift', 'Control', 'Alt', 'Meta']) {
      await userEvent.keyboard(`{${modifier}>}{Enter}{/${modifier}}`);
      expect(sent(calls), modifier).toHaveLength(0);
    }
    // The box keeps what was typed (a modifier with Enter may add a line, never sends).
    expect(text.value).toMatch(/^\s*My deposit \s*$/);
    await userEvent.clear(text);
    await userEvent.type(text, '  My deposit {Enter}');
    await waitFor(() => expect(sent(calls)).toHaveLength(1));
    expect(sent(calls)[0]).toMatchObject({
      guestId: GUEST_ID,
      message: { message_type: 'text', payload: 'My deposit' },
    });
    expect(text.value).toBe('');
    expect(await within(panel).findByText('My deposit')).toBeTruthy();
    expect(text.maxLength).toBe(2000);
  });

  it('refuses files by the spec rules with an alert that goes after 4 s, and uploads a photo with progress', async () => {
    const room = chatRoom();
    const { calls, panel } = await openChat(room);
    const xhrs = stubXhr();
    const input = panel.querySelector<HTMLInputElement>('[data-chat-file]')!;
    const choose = (file: File) => fireEvent.change(input, { target: { files: [file] } });
    const file = (name: string, type: string, size = 1_000) => {
      const made = new File(['x'], name, { type });
      Object.defineProperty(made, 'size', { value: size });
      return made;
    };
    const MB = 1024 * 1024;

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    choose(file('photo', ''));
    expect(within(panel).getByRole('alert').textContent).toBe('File is not supported');
    await act(() => vi.advanceTimersByTimeAsync(3_999));
    expect(within(panel).getByRole('alert').textContent).toBe('File is not supported');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(within(panel).queryByRole('alert')).toBeNull();

    choose(file('notes.pdf', 'application/pdf'));
    expect(within(panel).getByRole('alert').textContent).toBe('File is not supported');
    choose(file('big.png', 'image/png', 10 * MB + 1));
    expect(within(panel).getByRole('alert').textContent).toBe(
      'The file is too large. Please select file no larger than 10 MB.',
    );
    choose(file('clip.mov', 'video/quicktime', 20 * MB + 1));
    expect(within(panel).getByRole('alert').textContent).toBe(
      'The file is too large. Please select file no larger than 20 MB.',
    );
    // Each new alert shows its own full 4 s.
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(within(panel).queryByRole('alert')).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(within(panel).queryByRole('alert')).toBeNull();
    expect(xhrs).toHaveLength(0);
    vi.useRealTimers();

    choose(file('clip.MP4', 'video/mp4', 20 * MB));
    choose(file('slip.jpg', 'image/jpeg', 10 * MB));
    expect(xhrs.map((xhr) => xhr.url)).toEqual(['/api/chat/upload-video', '/api/chat/upload-image']);
    const photo = xhrs[1]!;
    // The guest id goes before the file.
    expect([...photo.body!.keys()]).toEqual(['guestId', 'file']);
    expect(photo.body!.get('guestId')).toBe(GUEST_ID);
    expect(photo.timeout).toBe(300_000);
    photo.progress(0.4);
    expect(within(panel).getByText('Uploading 40%')).toBeTruthy();
    expect(within(panel).getByRole('progressbar', { name: 'Uploading 40%' })).toBeTruthy();
    photo.answer(200, { path: 'chat/7/abc.jpg', fileType: 'image' });
    await waitFor(() => expect(sent(calls)).toHaveLength(1));
    expect(sent(calls)[0]).toMatchObject({
      message: {
        message_type: 'media',
        payload: { message: '', url: false, fileType: 'image', filePath: 'chat/7/abc.jpg' },
      },
    });
  });

  it('shows a failed message with a retry that sends it again under the same client id', async () => {
    const room = chatRoom();
    let failures = 1;
    room.answer = (url) =>
      url === '/api/chat/send-message' && failures-- > 0
        ? { status: 503, body: { message: 'INTERNAL_SERVER_ERROR' } }
        : undefined;
    const { calls, panel } = await openChat(room);
    await userEvent.type(box(panel), 'Where is my withdrawal?{Enter}');
    const alert = await within(panel).findByRole('alert');
    expect(alert.textContent).toContain('Not sent');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(sent(calls)).toHaveLength(2));
    const [first, second] = sent(calls);
    expect(second!.clientId).toBe(first!.clientId);
    expect(first!.clientId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(await within(panel).findByText('Sent')).toBeTruthy();
    expect(within(panel).queryByRole('alert')).toBeNull();

    // A new message is a new id.
    await userEvent.type(box(panel), 'Thanks{Enter}');
    await waitFor(() => expect(sent(calls)).toHaveLength(3));
    expect(sent(calls)[2]!.clientId).not.toBe(first!.clientId);
  });
});

describe('chat history', () => {
  it('pages in 10 older messages when scrolled to the top, keeping the reading place, until the first', async () => {
    const room = chatRoom(chatMessages(1, 25));
    const { calls, panel } = await openChat(room);
    await within(panel).findByText('Message 25');
    expect(within(panel).queryByText('Message 15')).toBeNull();
    expect(within(panel).getByText('Message 16')).toBeTruthy();

    const view = layout(scroller(panel));
    const rowsBefore = scroller(panel).querySelectorAll('li').length;
    view.scrollTo(100);
    expect(callsTo(calls, '/api/chat/history')).toHaveLength(1);
    view.scrollTo(0);
    await within(panel).findByText('Message 6');
    expect(bodyOf(callsTo(calls, '/api/chat/history')[1]!)).toEqual({
      guestId: GUEST_ID,
      limit: 10,
      skip: 10,
    });
    // What was at the top stays where it was: the rows added above push it down by their height.
    const added = scroller(panel).querySelectorAll('li').length - rowsBefore;
    expect(added).toBeGreaterThanOrEqual(10);
    expect(view.top).toBe(added * 50);
    expect(shownTexts(panel).slice(0, 2)).toEqual(['Message 6', 'Message 7']);

    view.scrollTo(0);
    await within(panel).findByText('Message 1');
    expect(bodyOf(callsTo(calls, '/api/chat/history')[2]!)).toMatchObject({ skip: 20 });
    expect(within(panel).getByText('Start of the conversation')).toBeTruthy();
    view.scrollTo(0);
    await act(() => Promise.resolve());
    expect(callsTo(calls, '/api/chat/history')).toHaveLength(3);
  });

  it('counts new messages in a banner while the member reads further up (more than 60 px from the bottom)', async () => {
    const room = chatRoom(chatMessages(1, 10));
    const { panel } = await openChat(room);
    await within(panel).findByText('Message 10');
    const el = scroller(panel);
    const view = layout(el);
    const bottom = () => el.scrollHeight - el.clientHeight;
    const banner = () => panel.querySelector<HTMLButtonElement>('[data-new-messages]');

    // Within 60 px of the bottom counts as at the bottom: a new message scrolls into view.
    view.scrollTo(bottom() - 60);
    room.socket().emit('messaging', room.add(chatMessage(11, 'Message 11')));
    await within(panel).findByText('Message 11');
    expect(banner()).toBeNull();
    expect(view.top).toBe(bottom());

    view.scrollTo(bottom() - 61);
    room.socket().emit('messaging', room.add(chatMessage(12, 'Message 12')));
    await within(panel).findByText('Message 12');
    expect(banner()?.textContent).toBe('1 new message');
    room.socket().emit('messaging', room.add(chatMessage(13, 'Message 13')));
    room.socket().emit('messaging', room.add(chatMessage(14, 'Message 14')));
    await within(panel).findByText('Message 14');
    expect(banner()?.textContent).toBe('3 new messages');
    // The same message twice (socket and catch-up) is one message.
    room.socket().emit('messaging', chatMessage(14, 'Message 14'));
    expect(within(panel).getAllByText('Message 14')).toHaveLength(1);
    expect(banner()?.textContent).toBe('3 new messages');

    await userEvent.click(banner()!);
    expect(banner()).toBeNull();
    expect(view.top).toBe(bottom());
  });

  it('keeps the newest message in view when the panel grows shorter, unless the member scrolled up', async () => {
    resizeObservers.install();
    const room = chatRoom(chatMessages(1, 10));
    const { panel } = await openChat(room);
    await within(panel).findByText('Message 10');
    const el = scroller(panel);
    const view = layout(el);
    const bottom = () => el.scrollHeight - el.clientHeight;
    view.scrollTo(bottom());

    // The push toggle comes in over the list after its first layout: the window is 60 px shorter.
    view.resize(340);
    expect(view.top).toBe(bottom());

    // A member reading further up stays where they are.
    view.scrollTo(100);
    view.resize(280);
    expect(view.top).toBe(100);
    view.resize(400);
    expect(view.top).toBe(100);
  });

  it('marks the end of a conversation between sessions and after the last when staff resolved it', async () => {
    const room = chatRoom(
      [
        chatMessage(1, 'First question', { sender: 'customer' }),
        chatMessage(2, 'Answered'),
        chatMessage(3, 'Second question', { sender: 'customer', session_id: 2 }),
        chatMessage(4, 'Answered again', { session_id: 2 }),
      ],
      { sessionId: 2 },
    );
    const { panel } = await openChat(room);
    await within(panel).findByText('Answered again');
    const order = () =>
      [...scroller(panel).querySelectorAll('li')]
        .map((li) =>
          li.hasAttribute('data-end-conversation') ? 'END' : li.querySelector('[data-words]')?.textContent,
        )
        .filter(Boolean);
    expect(order()).toEqual(['First question', 'Answered', 'END', 'Second question', 'Answered again']);
    expect(within(panel).getAllByText('End Conversation')).toHaveLength(1);

    // Staff resolve: the room moves to session 3.
    room.state = { ...room.state, sessionId: 3 };
    room.socket().emit('room', room.state);
    await waitFor(() => expect(within(panel).getAllByText('End Conversation')).toHaveLength(2));
    expect(order()).toEqual([
      'First question',
      'Answered',
      'END',
      'Second question',
      'Answered again',
      'END',
    ]);
  });

  it('asks for everything after the highest number it holds on every reconnect, page after page', async () => {
    const room = chatRoom(chatMessages(1, 10));
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval'] });
    const { calls, panel } = await openChat(room);
    const afterSeqs = () =>
      callsTo(calls, '/api/chat/since').map((call) => (bodyOf(call) as { afterSeq: number }).afterSeq);
    await waitFor(() => expect(afterSeqs()).toEqual([10]));

    const socket = room.socket();
    socket.emit('messaging', room.add(chatMessage(11, 'Message 11')));
    await within(panel).findByText('Message 11');
    socket.drop();
    expect(await within(panel).findByText('Reconnecting…')).toBeTruthy();
    socket.unreachable = true;
    for (const seq of [12, 13, 14]) room.add(chatMessage(seq, `Message ${seq}`));
    room.sinceLimit = 2;

    // Checked every 5 s: still down, then back.
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(socket.connectCalls).toBe(1);
    socket.unreachable = false;
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(socket.connectCalls).toBe(2);
    await within(panel).findByText('Message 14');
    // From 11 (the socket brought it), never a window of time; 2 at a time while there is more.
    expect(afterSeqs()).toEqual([10, 11, 13]);
    expect(socket.joins).toEqual([{ guestId: GUEST_ID }, { guestId: GUEST_ID }]);
    expect(shownTexts(panel).slice(-4)).toEqual(['Message 11', 'Message 12', 'Message 13', 'Message 14']);
    expect(within(panel).getByText('We answer here, usually within minutes')).toBeTruthy();
  });
});

describe('chat messages', () => {
  it('renders every message type', async () => {
    const room = chatRoom([
      chatMessage(1, 'Plain words'),
      chatMessage(2, {
        message_type: 'buttons',
        payload: {
          text: 'How can we reach you?',
          buttons: [
            { title: 'Open the guide', type: 'web', payload: 'https://example.test/guide' },
            { title: 'Call us', type: 'call', payload: '+66 2 123 4567' },
            { title: 'Bad link', type: 'web', payload: 'javascript:alert(1)' },
          ],
        },
      }),
      chatMessage(3, {
        message_type: 'media',
        payload: {
          message: 'Your slip',
          url: true,
          fileType: 'image',
          filePath: '/api/chat/media/7/a.png?e=1&s=x',
        },
      }),
      chatMessage(4, {
        message_type: 'media',
        payload: { message: '', url: true, fileType: 'video', filePath: '/api/chat/media/7/b.mp4?e=1&s=x' },
      }),
      chatMessage(5, {
        message_type: 'generic',
        payloads: [
          {
            image_url: 'https://example.test/a.png',
            title: 'Welcome bonus',
            subtitle: '100% up to ฿500',
            buttons: [],
          },
          { image_url: '', title: 'Cashback', subtitle: 'Every week', buttons: [] },
        ],
      }),
      chatMessage(
        6,
        { message_type: 'postback', payload: { title: 'Deposit not received', payload: 'DEPOSIT' } },
        { sender: 'customer' },
      ),
      chatMessage(7, 'Pick one', { bot: true, name: 'Lucky bot' }),
      chatMessage(
        8,
        {
          message_type: 'quick_replies',
          payload: {
            text: 'What is it about?',
            quick_replies: [{ title: 'Withdrawal', payload: 'WITHDRAWAL' }],
          },
        },
        { bot: true, name: 'Lucky bot' },
      ),
    ]);
    const { panel } = await openChat(room);
    await within(panel).findByText('Plain words');

    const guide = within(panel).getByRole('link', { name: 'Open the guide' });
    expect(guide.getAttribute('href')).toBe('https://example.test/guide');
    expect(guide.getAttribute('target')).toBe('_blank');
    expect(guide.getAttribute('rel')).toContain('noopener');
    expect(within(panel).getByRole('link', { name: 'Call us' }).getAttribute('href')).toBe('tel:+6621234567');
    expect(within(panel).queryByRole('link', { name: 'Bad link' })).toBeNull();
    expect(within(panel).getByText('Bad link')).toBeTruthy();

    expect(within(panel).getByRole('img', { name: 'Your slip' }).getAttribute('src')).toBe(
      '/api/chat/media/7/a.png?e=1&s=x',
    );
    expect(panel.querySelector('video')?.getAttribute('src')).toBe('/api/chat/media/7/b.mp4?e=1&s=x');

    const cards = within(panel).getByText('Welcome bonus').closest('ul')!;
    expect(cards.className).toContain('snap-x');
    expect(cards.className).toContain('overflow-x-auto');
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
    expect(within(cards).getByText('Every week')).toBeTruthy();

    const postback = within(panel).getByText('Deposit not received').closest('li')!;
    expect(postback.className).toContain('items-end');
    expect(within(panel).getByText('Plain words').closest('li')!.className).toContain('items-start');
    // The bot, by its name in the member's language, heads its run of messages once; staff by theirs.
    expect(within(panel).getAllByText('Assistant')).toHaveLength(1);
    expect(within(panel).getAllByText('Nok')).toHaveLength(1);
    expect(within(panel).getByText('What is it about?')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Withdrawal' })).toBeTruthy();
  });

  it('sends a quick reply or a postback button back as a postback, and offers quick replies until the member writes', async () => {
    const room = chatRoom([
      chatMessage(1, {
        message_type: 'buttons',
        payload: {
          text: 'Still need help?',
          buttons: [{ title: 'Talk to staff', type: 'postback', payload: 'HUMAN' }],
        },
      }),
      chatMessage(
        2,
        {
          message_type: 'quick_replies',
          payload: {
            text: 'What is it about?',
            quick_replies: [
              { title: 'Deposit not received', payload: 'DEPOSIT' },
              { title: 'Withdrawal', payload: 'WITHDRAWAL' },
            ],
          },
        },
        { bot: true },
      ),
      chatMessage(3, 'Or type your question', { bot: true }),
    ]);
    const { calls, panel } = await openChat(room);
    await userEvent.click(await within(panel).findByRole('button', { name: 'Deposit not received' }));
    await waitFor(() => expect(sent(calls)).toHaveLength(1));
    expect(sent(calls)[0]).toMatchObject({
      message: { message_type: 'postback', payload: { title: 'Deposit not received', payload: 'DEPOSIT' } },
    });
    // The member answered: the chips go.
    await waitFor(() => expect(within(panel).queryByRole('button', { name: 'Withdrawal' })).toBeNull());
    expect(within(panel).getByText('Deposit not received').closest('li')!.className).toContain('items-end');

    await userEvent.click(within(panel).getByRole('button', { name: 'Talk to staff' }));
    await waitFor(() => expect(sent(calls)).toHaveLength(2));
    expect(sent(calls)[1]).toMatchObject({
      message: { message_type: 'postback', payload: { title: 'Talk to staff', payload: 'HUMAN' } },
    });
  });
});
