import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../../lib/format';
import { storage } from '../../lib/storage';
import {
  chatMessage,
  consoleServer,
  conversation,
  fakeSocket,
  memberContext,
  minutesBefore,
  room,
  staff,
} from '../../test/console-data';
import { CHAT_LIMITS } from '@wallet/contract/http/chat';
import { ROLE_PERMISSIONS } from '@wallet/contract/staff-roles';
import { stubXhr } from '../../test/fake-xhr';
import { bodyOf, renderApp, renderWithProviders } from '../../test/render-app';
import { InboxPage } from './inbox-page';
import { setConsoleSocketFactory, WATCH_RETRY_MS } from './inbox-socket';

let socket: ReturnType<typeof fakeSocket>;

beforeEach(() => {
  storage.setStaffCsrf('staff-csrf');
  socket = fakeSocket();
  setConsoleSocketFactory(socket.factory);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setConsoleSocketFactory();
});

/** The list's rows, top to bottom, by conversation id. */
const listed = () =>
  within(screen.getByRole('list', { name: 'Open' }))
    .getAllByRole('listitem')
    .map((item) => Number(item.getAttribute('data-conversation')));

const row = (id: number) => document.querySelector(`[data-conversation="${id}"]`) as HTMLElement;

const messagesOf = () => screen.getByRole('list', { name: 'Messages' });

/** The inbox alone, at its own route (with or without a conversation), without the console shell. */
const renderInbox = (path: string, locale?: string) =>
  renderWithProviders(<InboxPage />, { path, locale, route: '/console/chat/:conversationId?' });

describe('inbox list', () => {
  it('lists open conversations newest first with unread badges, and follows inbox events', async () => {
    const older = conversation(1, {
      lastMessage: chatMessage(3, 'Where is my deposit?', { createdAt: minutesBefore(30) }),
      unread: 2,
    });
    const newer = conversation(2, {
      member: null,
      guestLabel: 'g7Hx2k',
      lastMessage: chatMessage(5, 'Hi, can a guest ask?', {
        userId: null,
        username: null,
        createdAt: minutesBefore(5),
      }),
      waitingForStaff: true,
    });
    // The server's order is not trusted: the list sorts by the last message's time.
    consoleServer({ lists: { open: [older, newer], resolved: [] } });
    await renderInbox('/console/chat');

    await screen.findByText('Where is my deposit?');
    expect(listed()).toEqual([2, 1]);
    expect(within(row(1)).getByText('Somchai Jaidee')).toBeTruthy();
    expect(within(row(1)).getByText('0812345678')).toBeTruthy();
    expect(within(row(1)).getByLabelText('Unread: 2').textContent).toBe('2');
    expect(within(row(2)).getByText('Guest g7Hx2k')).toBeTruthy();
    expect(within(row(2)).queryByTestId('unread')).toBeNull();
    expect(within(row(2)).getByText('Waiting for staff')).toBeTruthy();
    // The socket carried the staff token.
    expect(socket.tickets).toHaveLength(1);

    // A new message in the older conversation moves it to the top with its count.
    socket.serverSends(
      'inbox',
      conversation(1, {
        lastMessage: chatMessage(4, 'Still waiting', { createdAt: minutesBefore(1) }),
        unread: 3,
      }),
    );
    await waitFor(() => expect(listed()).toEqual([1, 2]));
    expect(within(row(1)).getByText('Still waiting')).toBeTruthy();
    expect(within(row(1)).getByLabelText('Unread: 3')).toBeTruthy();

    // A conversation the list did not have yet.
    socket.serverSends(
      'inbox',
      conversation(3, {
        lastMessage: chatMessage(1, 'New here', { createdAt: minutesBefore(0) }),
        unread: 1,
      }),
    );
    await waitFor(() => expect(listed()).toEqual([3, 1, 2]));

    // Resolved elsewhere: it leaves the Open list.
    socket.serverSends('inbox', conversation(2, { status: 'resolved', member: null, guestLabel: 'g7Hx2k' }));
    await waitFor(() => expect(listed()).toEqual([3, 1]));
  });
});

describe('conversation', () => {
  const history = [
    chatMessage(1, 'I deposited 500 baht', { session_id: 1 }),
    chatMessage(2, 'Solved, thanks', { sender: 'other', name: 'Alice Staff', session_id: 1 }),
    chatMessage(
      3,
      { message_type: 'postback', payload: { title: 'Deposit not received', payload: 'DEPOSIT' } },
      { session_id: 2 },
    ),
    chatMessage(
      4,
      {
        message_type: 'quick_replies',
        payload: { text: 'What is it about?', quick_replies: [{ title: 'Deposit', payload: 'DEPOSIT' }] },
      },
      { sender: 'other', name: 'Bot', bot: true, session_id: 2 },
    ),
    chatMessage(
      5,
      {
        message_type: 'media',
        payload: { message: '', url: true, fileType: 'image', filePath: '/media/chat/slip.png?sig=1' },
      },
      { session_id: 2 },
    ),
  ];

  // `whole`: the whole app, for a test that leaves the inbox for the console's sign-in.
  async function openConversation(extra: Parameters<typeof consoleServer>[0] = {}, whole = false) {
    const calls = consoleServer({
      lists: { open: [conversation(7, { unread: 2, lastMessage: history.at(-1)! })], resolved: [] },
      messages: { 7: history },
      ...extra,
    });
    await (whole ? renderApp('/console/chat/7') : renderInbox('/console/chat/7'));
    return { calls };
  }

  it('shows every message type, the End Conversation marker between sessions, and marks read', async () => {
    const { calls } = await openConversation();
    await screen.findByText('I deposited 500 baht');
    const messages = messagesOf();
    expect(within(messages).getByText('Solved, thanks')).toBeTruthy();
    expect(within(messages).getByText('Deposit not received')).toBeTruthy();
    expect(within(messages).getByRole('list', { name: 'Quick replies' }).textContent).toBe('Deposit');
    expect(within(messages).getByRole<HTMLImageElement>('img', { name: 'Photo' }).src).toContain(
      '/media/chat/slip.png?sig=1',
    );
    // One marker, between session 1's last message and session 2's first.
    const items = within(messages)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === messages);
    const marker = items.findIndex((item) => item.dataset.testid === 'end-marker');
    expect(items.filter((item) => item.dataset.testid === 'end-marker')).toHaveLength(1);
    expect(items[marker - 1]!.dataset.seq).toBe('2');
    expect(items[marker + 1]!.dataset.seq).toBe('3');

    // Watching this conversation's messages.
    expect(socket.emitted).toContainEqual({ event: 'watch', data: { conversationId: 7 } });
    // Read up to the member's newest message, about a second after it is shown.
    await waitFor(
      () => expect(calls.find((call) => call.url === '/api/console/chat/conversations/7/read')).toBeTruthy(),
      { timeout: 3000 },
    );
    const read = calls.find((call) => call.url === '/api/console/chat/conversations/7/read')!;
    expect(read.init.method).toBe('PUT');
    expect(bodyOf(read)).toEqual({ seq: 5 });
    await waitFor(() => expect(within(row(7)).queryByTestId('unread')).toBeNull());
  });

  it('sends text with Enter and a clientId; Shift+Enter is a new line', async () => {
    const { calls } = await openConversation();
    await screen.findByText('I deposited 500 baht');
    const box = screen.getByLabelText('Your answer');
    await userEvent.type(box, 'Checking now{Shift>}{Enter}{/Shift}one moment');
    expect(calls.some((call) => call.url.endsWith('/messages') && call.init.method === 'POST')).toBe(false);
    await userEvent.type(box, '{Enter}');

    await waitFor(() =>
      expect(calls.some((call) => call.init.method === 'POST' && call.url.endsWith('/messages'))).toBe(true),
    );
    const sent = calls.find((call) => call.init.method === 'POST' && call.url.endsWith('/messages'))!;
    expect(sent.url).toBe('/api/console/chat/conversations/7/messages');
    const body = bodyOf(sent) as { clientId: string; message: unknown };
    expect(body.clientId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(body.message).toEqual({ message_type: 'text', payload: 'Checking now\none moment' });
    expect((box as HTMLTextAreaElement).value).toBe('');
    // Shown as stored, with the sequence number the server answered.
    await waitFor(() =>
      expect(messagesOf().querySelector('[data-seq="101"]')?.textContent).toContain('Checking now'),
    );

    // The server's copy of the same message comes by the socket: still shown once.
    socket.serverSends(
      'messaging',
      chatMessage(101, 'Checking now\none moment', {
        sender: 'other',
        name: 'Alice Staff',
        clientId: body.clientId,
      }),
    );
    // And a member's new message arrives live.
    socket.serverSends('messaging', chatMessage(102, 'Thank you'));
    await within(messagesOf()).findByText('Thank you');
    expect(messagesOf().querySelectorAll('[data-seq="101"]')).toHaveLength(1);
  });

  it('sends quick replies composed in their dialog', async () => {
    const { calls } = await openConversation();
    await screen.findByText('I deposited 500 baht');
    await userEvent.click(screen.getByRole('button', { name: 'Send quick replies' }));
    const dialog = await screen.findByRole('dialog', { name: 'Quick replies' });
    await userEvent.type(within(dialog).getByLabelText('Message'), 'Did it arrive?');
    await userEvent.type(within(dialog).getByLabelText('Reply 1'), 'Yes');
    await userEvent.type(within(dialog).getByLabelText('Reply 2'), 'No');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));

    await waitFor(() =>
      expect(calls.some((call) => call.init.method === 'POST' && call.url.endsWith('/messages'))).toBe(true),
    );
    const sent = calls.find((call) => call.init.method === 'POST' && call.url.endsWith('/messages'))!;
    expect((bodyOf(sent) as { message: unknown }).message).toEqual({
      message_type: 'quick_replies',
      payload: {
        text: 'Did it arrive?',
        quick_replies: [
          { title: 'Yes', payload: 'Yes' },
          { title: 'No', payload: 'No' },
        ],
      },
    });
  });

  it('uploads an image with its progress, then sends it as a media message', async () => {
    const uploads = stubXhr();
    const { calls } = await openConversation();
    await screen.findByText('I deposited 500 baht');
    const input = screen.getByTestId<HTMLInputElement>('attach-file');

    // What the chat does not take is refused at once, nothing uploaded.
    await userEvent.upload(input, new File(['%PDF'], 'terms.pdf', { type: 'application/pdf' }), {
      applyAccept: false,
    });
    expect(uploads).toHaveLength(0);

    await userEvent.upload(
      input,
      new File([new Uint8Array([137, 80, 78, 71])], 'slip.png', { type: 'image/png' }),
    );
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.url).toBe('/api/console/chat/conversations/7/upload-image');
    expect(uploads[0]!.headers['x-staff-csrf']).toBe('staff-csrf');
    expect(uploads[0]!.headers.authorization).toBeUndefined();
    expect((uploads[0]!.body!.get('file') as File).name).toBe('slip.png');
    uploads[0]!.progress(0.4);
    expect(screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe(
      '40',
    );
    expect(screen.getByText('Uploading 40%')).toBeTruthy();

    uploads[0]!.answer(200, { path: 'chat/7/abc.png', fileType: 'image' });
    await waitFor(() =>
      expect(calls.some((call) => call.init.method === 'POST' && call.url.endsWith('/messages'))).toBe(true),
    );
    const sent = calls.find((call) => call.init.method === 'POST' && call.url.endsWith('/messages'))!;
    expect((bodyOf(sent) as { message: unknown }).message).toEqual({
      message_type: 'media',
      payload: { message: '', url: false, fileType: 'image', filePath: 'chat/7/abc.png' },
    });
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  });

  it('asks before resolving, then resolves and shows the End Conversation marker', async () => {
    const { calls } = await openConversation();
    await screen.findByText('I deposited 500 baht');
    const resolveCalls = () =>
      calls.filter((call) => call.url === '/api/console/chat/conversations/7/resolve');

    await userEvent.click(screen.getByRole('button', { name: 'Resolve' }));
    let dialog = await screen.findByRole('dialog', { name: 'Resolve this conversation?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(resolveCalls()).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Resolve' }));
    dialog = await screen.findByRole('dialog', { name: 'Resolve this conversation?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(resolveCalls()).toHaveLength(1));
    expect(resolveCalls()[0]!.init.method).toBe('POST');
    // The new session: a marker after the last message.
    await waitFor(() => expect(within(messagesOf()).getAllByTestId('end-marker')).toHaveLength(2));
    expect(messagesOf().lastElementChild?.getAttribute('data-testid')).toBe('end-marker');
  });

  it("shows the member's wallet, deposits, withdrawals and slips beside the conversation", async () => {
    await openConversation();
    const panel = await screen.findByRole('complementary', { name: 'Member' });
    expect(await within(panel).findByText(formatMoney(123_456))).toBeTruthy();
    // The member's bank with its badge, as the member site shows it.
    expect(panel.querySelector('[data-bank-badge="SCB"]')).not.toBeNull();
    const deposits = within(panel).getByRole('list', { name: 'Recent deposits' });
    expect(within(deposits).getByText('฿500.00')).toBeTruthy();
    expect(within(deposits).getByText('In progress')).toBeTruthy();
    const withdrawals = within(panel).getByRole('list', { name: 'Recent withdrawals' });
    expect(within(withdrawals).getByText('฿200.00')).toBeTruthy();
    expect(within(withdrawals).getByText('Success')).toBeTruthy();
    expect(within(within(panel).getByRole('list', { name: 'Slips' })).getByText('In review')).toBeTruthy();
  });

  it('shows no member panel for a guest', async () => {
    const calls = consoleServer({
      lists: {
        open: [
          conversation(8, {
            member: null,
            guestLabel: 'gAbC12',
            lastMessage: chatMessage(1, 'Guest here', { userId: null }),
          }),
        ],
        resolved: [],
      },
      messages: { 8: [chatMessage(1, 'Guest here', { userId: null })] },
      context: memberContext(),
    });
    await renderInbox('/console/chat/8');
    const panel = await screen.findByRole('complementary', { name: 'Member' });
    expect(await within(panel).findByText('A guest who has not signed in: no account to show.')).toBeTruthy();
    expect(calls.some((call) => call.url.includes('/api/console/members/'))).toBe(false);
    expect(screen.queryByRole('button', { name: 'Member details' })).toBeNull();
  });

  it('after a reconnect, reads the list and the open conversation again and watches it again', async () => {
    const held = [...history];
    const { calls } = await openConversation({ messages: { 7: held } });
    await screen.findByText('I deposited 500 baht');
    const listReads = () =>
      calls.filter((call) => call.url === '/api/console/chat/conversations?status=open').length;
    const before = listReads();
    const watches = () => socket.emitted.filter((sent) => sent.event === 'watch').length;
    const watchedBefore = watches();

    socket.serverSends('disconnect');
    expect(await screen.findByText('Reconnecting…')).toBeTruthy();
    // Written while the console was away.
    held.push(chatMessage(6, 'Are you there?', { session_id: 2 }));
    socket.serverSends('connect');

    expect(await within(messagesOf()).findByText('Are you there?')).toBeTruthy();
    await waitFor(() => expect(listReads()).toBe(before + 1));
    expect(watches()).toBeGreaterThan(watchedBefore);
    expect(socket.emitted.at(-1)).toEqual({ event: 'watch', data: { conversationId: 7 } });
    expect(screen.getByText('Live')).toBeTruthy();
  });

  it('follows a guest who signs in into the member’s earlier conversation', async () => {
    const guest = conversation(8, {
      member: null,
      guestLabel: 'gAbC12',
      lastMessage: chatMessage(1, 'Guest here', { userId: null, username: null }),
    });
    const earlier = conversation(7, { lastMessage: chatMessage(4, 'Guest here') });
    const messages: Record<number, ReturnType<typeof chatMessage>[]> = {
      8: [chatMessage(1, 'Guest here', { userId: null, username: null })],
      7: [chatMessage(1, 'Last week’s question')],
    };
    consoleServer({ lists: { open: [guest, earlier], resolved: [] }, messages });
    const { router } = await renderInbox('/console/chat/8');
    await waitFor(() => expect(within(messagesOf()).getByText('Guest here')).toBeTruthy());

    // The guest's messages went into conversation 7.
    messages[7] = [...messages[7]!, chatMessage(4, 'Guest here')];
    socket.serverSends('claimed', { from: 8, into: 7 });

    await waitFor(() => expect(within(messagesOf()).getByText('Last week’s question')).toBeTruthy());
    expect(within(messagesOf()).getByText('Guest here')).toBeTruthy();
    expect(listed()).toEqual([7]);
    expect(router.state.location.pathname).toBe('/console/chat/7');
    expect(socket.emitted.at(-1)).toEqual({ event: 'watch', data: { conversationId: 7 } });
  });

  it('reads the conversation again when the guest it shows signs in, and shows no other guest’s messages', async () => {
    const guest = conversation(8, {
      member: null,
      guestLabel: 'gAbC12',
      lastMessage: chatMessage(1, 'Guest here', { userId: null, username: null, guestId: 'gAbC12x' }),
    });
    const held = [chatMessage(1, 'Guest here', { userId: null, username: null, guestId: 'gAbC12x' })];
    const calls = consoleServer({ lists: { open: [guest], resolved: [] }, messages: { 8: held } });
    await renderInbox('/console/chat/8');
    await waitFor(() => expect(within(messagesOf()).getByText('Guest here')).toBeTruthy());

    // Another guest's message (a room this socket was in a moment ago) is not this conversation's.
    socket.serverSends(
      'messaging',
      chatMessage(3, 'Someone else', { userId: null, username: null, guestId: 'gZzZ999x' }),
    );
    // Written between the claim and the move of the staff socket: read again.
    held.push(chatMessage(2, 'Signed in now'));
    const reads = () =>
      calls.filter((call) => call.url.startsWith('/api/console/chat/conversations/8/messages')).length;
    const before = reads();
    socket.serverSends('claimed', { from: 8, into: 8 });
    await waitFor(() => expect(within(messagesOf()).getByText('Signed in now')).toBeTruthy());
    expect(reads()).toBe(before + 1);
    expect(within(messagesOf()).queryByText('Someone else')).toBeNull();
  });

  it('asks again to follow a conversation the server refused for its rate, then reads what came meanwhile', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const held = [...history];
      await openConversation({ messages: { 7: held } });
      await screen.findByText('I deposited 500 baht');
      const watches = () => socket.emitted.filter((sent) => sent.event === 'watch');
      const before = watches().length;
      act(() => socket.acks.at(-1)!({ ok: false, error: 'REQUEST_LIMIT' }));
      // Written while the socket followed no conversation.
      held.push(chatMessage(6, 'Written while refused', { session_id: 2 }));
      await act(() => vi.advanceTimersByTimeAsync(WATCH_RETRY_MS));
      expect(watches()).toHaveLength(before + 1);
      expect(watches().at(-1)!.data).toEqual({ conversationId: 7 });
      act(() => socket.acks.at(-1)!({ ok: true }));
      await waitFor(() => expect(within(messagesOf()).getByText('Written while refused')).toBeTruthy());
    } finally {
      vi.useRealTimers();
    }
  });

  it('names the bot and a guest in the staff member’s language', async () => {
    const guestLine = chatMessage(1, 'สวัสดี', { userId: null, username: null, name: 'Guest' });
    const botLine = chatMessage(2, 'ยินดีต้อนรับ', { sender: 'other', bot: true, name: 'Support' });
    consoleServer({
      lists: {
        open: [conversation(8, { member: null, guestLabel: 'gAbC12', lastMessage: botLine })],
        resolved: [],
      },
      messages: { 8: [guestLine, botLine] },
    });
    await renderInbox('/console/chat/8', 'th');
    const messages = await screen.findByRole('list', { name: 'ข้อความ' });
    await waitFor(() => expect(within(messages).getByText('ผู้เยี่ยมชม')).toBeTruthy());
    expect(within(messages).getByText('ผู้ช่วยอัตโนมัติ')).toBeTruthy();
    expect(row(8).textContent).toContain('ผู้ช่วยอัตโนมัติ: ยินดีต้อนรับ');
    expect(document.body.textContent).not.toMatch(/Support|Guest/);
  });

  it('goes to sign-in when the socket is refused for an ended staff session', async () => {
    await openConversation({}, true);
    await screen.findByText('I deposited 500 baht');
    socket.serverSends('connect_error', new Error('STAFF_SESSION_INVALID'));
    expect(await screen.findByRole('heading', { name: 'Staff sign-in' })).toBeTruthy();
    expect(storage.getStaffCsrf()).toBeNull();
  });

  it('opens a conversation from a link that neither list holds', async () => {
    const resolved = conversation(11, { status: 'resolved', lastMessage: chatMessage(1, 'Old question') });
    consoleServer({
      messages: { 11: [chatMessage(1, 'Old question')] },
      handler: (url) => (url === '/api/console/chat/conversations/11' ? { body: resolved } : undefined),
    });
    await renderInbox('/console/chat/11');
    expect(
      await within(await screen.findByRole('list', { name: 'Messages' })).findByText('Old question'),
    ).toBeTruthy();
    // Resolved already: nothing to resolve.
    expect(screen.queryByRole('button', { name: 'Resolve' })).toBeNull();
  });

  it('loads older messages at the top', async () => {
    const long = Array.from({ length: 45 }, (_, index) => chatMessage(index + 1, `Message ${index + 1}`));
    const calls = consoleServer({
      lists: {
        open: [conversation(9, { lastMessage: long.at(-1)!, room: room({ lastSeq: 45 }) })],
        resolved: [],
      },
      messages: { 9: long },
    });
    await renderInbox('/console/chat/9');
    await within(await screen.findByRole('list', { name: 'Messages' })).findByText('Message 45');
    expect(screen.queryByText('Message 15')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Load older messages' }));
    await screen.findByText('Message 1');
    expect(
      calls.some((call) => call.url === '/api/console/chat/conversations/9/messages?limit=30&beforeSeq=16'),
    ).toBe(true);
    expect(screen.getByText('Start of the conversation')).toBeTruthy();
  });

  it('shows a viewer the conversation to read, with no composer and no resolve', async () => {
    const open = conversation(4, { lastMessage: chatMessage(2, 'Is my withdrawal on its way?') });
    const calls = consoleServer({
      lists: { open: [open], resolved: [] },
      messages: { 4: [chatMessage(2, 'Is my withdrawal on its way?')] },
      handler: (url) =>
        url === '/api/console/me'
          ? { body: { ...staff, role: 'viewer', permissions: [...ROLE_PERMISSIONS.viewer] } }
          : undefined,
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await renderApp('/console/chat/4');
      await within(await screen.findByRole('list', { name: 'Messages' })).findByText(
        'Is my withdrawal on its way?',
      );
      expect(await screen.findByText('Your role can read this conversation but not answer it.')).toBeTruthy();
      expect(screen.queryByRole('textbox')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Resolve' })).toBeNull();
      // A read mark is an answerer's: a viewer's reading leaves the unread count as it was.
      await act(() => vi.advanceTimersByTimeAsync(CHAT_LIMITS.markReadDelayMs + 100));
      expect(calls.some((call) => call.url.endsWith('/read'))).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
