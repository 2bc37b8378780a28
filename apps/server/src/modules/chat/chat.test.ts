import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, ChatRoomState } from '@wallet/contract/http/chat';
import { chatCall, clientId, FILES, historyOf, newGuest, sendText, upload } from '../../../test/chat';
import { credit, signedInMember } from '../../../test/money';
import { rowsOf } from '../../platform/db/rows';
import { createStaffAndSignIn, staffCall } from '../../../test/staff';
import { createTestApp, memberHeaders, type TestApp } from '../../../test/test-app';
import { DEFAULT_CHAT_LIMITS } from './chat.routes';

/**
 * The member and guest side of support chat over HTTP (decision 023): rooms only their owner
 * reaches, messages stored once per client id and numbered without gaps, uploads judged by their
 * bytes, links to media that only a signature opens, and the bot reading the member's own records.
 */
let t: TestApp;
/** How far the app's clock runs ahead of the real one. */
let clockOffsetMs = 0;

beforeAll(async () => {
  // Room for the tests' many messages; the limits themselves are tested on an app of their own.
  t = await createTestApp(
    {},
    {
      chatLimits: { ...DEFAULT_CHAT_LIMITS, messagesPerMinute: 1_000 },
      clock: () => new Date(Date.now() + clockOffsetMs),
    },
  );
});
afterAll(async () => t?.close());

const texts = (messages: ChatMessage[]) =>
  messages.map((message) =>
    message.message.message_type === 'text' ? message.message.payload : message.message.message_type,
  );

describe('guests', () => {
  it('a guest id is issued by the server; one made up, or altered, opens nothing', async () => {
    const guest = await newGuest(t.app);
    expect(guest.guestId).toMatch(/^g[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/);
    const [id, signature] = guest.guestId.split('.') as [string, string];
    const forged = [`${id}.${'A'.repeat(22)}`, `g${'B'.repeat(22)}.${signature}`];
    for (const guestId of forged) {
      const response = await chatCall(t.app, { guestId }, 'POST', '/api/chat/send-message', {
        clientId: clientId(),
        message: { message_type: 'text', payload: 'hello' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'CHAT_GUEST_INVALID' });
    }
    const history = await chatCall(t.app, { guestId: forged[0]! }, 'POST', '/api/chat/history', {});
    expect(history.statusCode).toBe(403);
  });

  it('without a token or a guest id the chat answers UNAUTHORIZED; a bad token is not taken for a guest', async () => {
    const guest = await newGuest(t.app);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/chat/history',
      payload: {},
      headers: memberHeaders(),
    });
    expect(none.statusCode).toBe(401);
    const badToken = await t.app.inject({
      method: 'POST',
      url: '/api/chat/history',
      payload: { guestId: guest.guestId },
      headers: memberHeaders({ authorization: `Bearer ${'x'.repeat(43)}` }),
    });
    expect(badToken.statusCode).toBe(401);
  });

  it('two guests each see only their own conversation', { tags: ['embedded'] }, async () => {
    const first = await newGuest(t.app);
    const second = await newGuest(t.app);
    await sendText(t.app, first, 'first guest here');
    await sendText(t.app, second, 'second guest here');
    const mine = await historyOf(t.app, first);
    expect(
      mine.result.filter((message) => message.sender === 'customer').map((message) => message.message),
    ).toEqual([{ message_type: 'text', payload: 'first guest here' }]);
    expect(mine.result.every((message) => message.guestId === first.guestId)).toBe(true);
  });
});

describe('messages', () => {
  it('are numbered 1, 2, 3 per room, the bot greets once per session, and history pages newest first', async () => {
    const guest = await newGuest(t.app);
    const sent = await sendText(t.app, guest, 'hello');
    expect(sent.seq).toBe(1);
    expect(sent.session_id).toBe(1);
    const after = await historyOf(t.app, guest);
    // The member's message, then the bot's greeting with quick replies and its hand-over.
    expect(after.result.map((message) => message.seq)).toEqual([3, 2, 1]);
    expect(after.result[1]!.message.message_type).toBe('quick_replies');
    expect(after.result[1]!.bot).toBe(true);
    await sendText(t.app, guest, 'are you there?');
    const again = await historyOf(t.app, guest);
    // No second greeting, and no second hand-over while the conversation waits for a person.
    expect(again.room.lastSeq).toBe(4);
    const page = await historyOf(t.app, guest, 2, 1);
    expect(page.result.map((message) => message.seq)).toEqual([3, 2]);
  });

  it('a resend with the same client id stores once and answers the first answer; another body under it is refused', async () => {
    const { token } = await signedInMember(t.app);
    const id = clientId();
    const answers = await Promise.all([1, 2, 3, 4].map(() => sendText(t.app, { token }, 'my deposit', id)));
    expect(new Set(answers.map((answer) => answer.seq))).toEqual(new Set([1]));
    expect(new Set(answers.map((answer) => answer.createdAt)).size).toBe(1);
    const history = await historyOf(t.app, { token });
    expect(history.result.filter((message) => message.sender === 'customer')).toHaveLength(1);
    const other = await chatCall(t.app, { token }, 'POST', '/api/chat/send-message', {
      clientId: id,
      message: { message_type: 'text', payload: 'something else' },
    });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ message: 'CHAT_MESSAGE_ID_REUSED' });
  });

  it('text is trimmed, not empty and at most 2000 characters', async () => {
    const guest = await newGuest(t.app);
    for (const payload of ['   ', 'x'.repeat(2001)]) {
      const response = await chatCall(t.app, guest, 'POST', '/api/chat/send-message', {
        clientId: clientId(),
        message: { message_type: 'text', payload },
      });
      expect(response.statusCode, payload.slice(0, 5)).toBe(400);
    }
    await sendText(t.app, guest, `  ${'y'.repeat(2000)}  `);
    const history = await historyOf(t.app, guest);
    expect(history.result.at(-1)!.message).toEqual({ message_type: 'text', payload: 'y'.repeat(2000) });
  });

  it('a member cannot send what only staff send (buttons, cards)', async () => {
    const guest = await newGuest(t.app);
    const response = await chatCall(t.app, guest, 'POST', '/api/chat/send-message', {
      clientId: clientId(),
      message: {
        message_type: 'buttons',
        payload: { text: 'x', buttons: [{ title: 'a', type: 'web', payload: 'https://a' }] },
      },
    });
    expect(response.statusCode).toBe(400);
  });

  it('since answers everything after a number, oldest first, in pages with more', async () => {
    const guest = await newGuest(t.app);
    for (let index = 0; index < 104; index += 1) await sendText(t.app, guest, `m${index}`);
    const first = await chatCall(t.app, guest, 'POST', '/api/chat/since', { afterSeq: 0 });
    const page = first.json<{ result: ChatMessage[]; more: boolean; room: ChatRoomState }>();
    expect(page.result).toHaveLength(100);
    expect(page.more).toBe(true);
    expect(page.result.map((message) => message.seq)).toEqual(
      Array.from({ length: 100 }, (_, index) => index + 1),
    );
    const rest = (await chatCall(t.app, guest, 'POST', '/api/chat/since', { afterSeq: 100 })).json<{
      result: ChatMessage[];
      more: boolean;
    }>();
    expect(rest.more).toBe(false);
    expect(rest.result.at(-1)!.seq).toBe(page.room.lastSeq);
  });

  it('a member asking for another member’s user id is refused', async () => {
    const mine = await signedInMember(t.app);
    const other = await signedInMember(t.app);
    await sendText(t.app, { token: other.token }, 'private words');
    const response = await chatCall(t.app, { token: mine.token }, 'POST', '/api/chat/history', {
      userId: other.id,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'CHAT_ROOM_FORBIDDEN' });
    // With a guest id beside a token, the token decides: the member sees their own room.
    const guest = await newGuest(t.app);
    await sendText(t.app, guest, 'guest words');
    const own = await historyOf(t.app, { token: mine.token });
    expect(texts(own.result)).not.toContain('guest words');
    expect(texts(own.result)).not.toContain('private words');
  });

  it('read marks move forward only, up to the last message', async () => {
    const guest = await newGuest(t.app);
    await sendText(t.app, guest, 'one');
    const read = (seq?: number) =>
      chatCall(t.app, guest, 'PUT', '/api/chat/read-customer', seq === undefined ? {} : { seq }).then(
        (response) => response.json<ChatRoomState>(),
      );
    expect((await read(2)).customerReadSeq).toBe(2);
    expect((await read(1)).customerReadSeq).toBe(2);
    expect((await read(999)).customerReadSeq).toBe(3);
    const unread = await chatCall(t.app, guest, 'POST', '/api/chat/unread', {});
    expect(unread.json()).toEqual({ unread: 0 });
  });
});

describe('uploads', () => {
  it('are judged by their bytes: each allowed kind passes, anything else is not supported', async () => {
    const guest = await newGuest(t.app);
    for (const [name, bytes, kind] of [
      ['a.png', FILES.png, 'image'],
      ['a.jpg', FILES.jpeg, 'image'],
      ['a.gif', FILES.gif, 'image'],
      ['a.mp4', FILES.mp4, 'video'],
      ['a.mov', FILES.mov, 'video'],
    ] as const) {
      const response = await upload(t.app, guest, kind, { name, bytes });
      expect(response.statusCode, name).toBe(200);
      expect(response.json<{ fileType: string }>().fileType).toBe(kind);
    }
    for (const [name, bytes, kind] of [
      ['a.png', FILES.html, 'image'],
      ['a.jpg', FILES.exe, 'image'],
      ['a.mp4', FILES.png, 'video'],
      ['a.png', FILES.mp4, 'image'],
      ['noextension', FILES.png, 'image'],
      ['a.png', Buffer.alloc(0), 'image'],
    ] as const) {
      const response = await upload(t.app, guest, kind, { name, bytes });
      expect(response.statusCode, `${name} as ${kind}`).toBe(415);
      expect(response.json()).toEqual({ message: 'CHAT_FILE_NOT_SUPPORTED' });
    }
  });

  it('an image over 10 MB and a video over 20 MB are too large', async () => {
    const guest = await newGuest(t.app);
    const image = Buffer.concat([FILES.png, Buffer.alloc(10 * 1024 * 1024)]);
    const video = Buffer.concat([FILES.mp4, Buffer.alloc(20 * 1024 * 1024)]);
    for (const [kind, bytes] of [
      ['image', image],
      ['video', video],
    ] as const) {
      const response = await upload(t.app, guest, kind, {
        name: kind === 'image' ? 'big.png' : 'big.mp4',
        bytes,
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ message: 'CHAT_FILE_TOO_LARGE' });
    }
    const justUnder = Buffer.concat([FILES.png, Buffer.alloc(10 * 1024 * 1024 - FILES.png.length)]);
    expect((await upload(t.app, guest, 'image', { name: 'ok.png', bytes: justUnder })).statusCode).toBe(200);
  });

  it('a media message names only its own room’s upload, and its signed link alone opens the file', async () => {
    const owner = await signedInMember(t.app);
    const stranger = await newGuest(t.app);
    const uploaded = (
      await upload(t.app, { token: owner.token }, 'image', { name: 'slip.png', bytes: FILES.png })
    ).json<{ path: string }>();
    const media = (filePath: string) => ({
      message_type: 'media',
      payload: { message: '', url: false, fileType: 'image', filePath },
    });
    // Another room cannot send (and so cannot be handed a link to) the owner's file.
    const stolen = await chatCall(t.app, stranger, 'POST', '/api/chat/send-message', {
      clientId: clientId(),
      message: media(uploaded.path),
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toEqual({ message: 'CHAT_MEDIA_UNKNOWN' });
    const sent = await chatCall(t.app, { token: owner.token }, 'POST', '/api/chat/send-message', {
      clientId: clientId(),
      message: media(uploaded.path),
    });
    expect(sent.statusCode, sent.body).toBe(200);

    const history = await historyOf(t.app, { token: owner.token });
    const message = history.result.find((entry) => entry.message.message_type === 'media')!;
    if (message.message.message_type !== 'media') throw new Error('no media');
    const link = message.message.payload.filePath;
    expect(message.message.payload.url).toBe(true);
    expect(link).toMatch(/^\/api\/chat\/media\/\d+\/[A-Za-z0-9_-]+\.png\?e=\d+&s=/);
    const file = await t.app.inject({ url: link });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(FILES.png)).toBe(true);
    // The path without its signature, a guessed signature, or another file under the signature: nothing.
    const bare = link.split('?')[0]!;
    const url = new URL(link, 'http://x');
    for (const guess of [
      bare,
      `${bare}?e=${url.searchParams.get('e')}&s=${'A'.repeat(22)}`,
      `${bare.replace(/\/[^/]+$/, '/other.png')}?${url.searchParams.toString()}`,
    ]) {
      const response = await t.app.inject({ url: guess });
      expect(response.statusCode, guess).not.toBe(200);
    }
  });
});

describe('uploads never sent', () => {
  it('may be sent for 12 hours and are removed, row and file, after 24; sent ones stay', async () => {
    const member = await signedInMember(t.app);
    const as = { token: member.token };
    const uploadPng = async () =>
      (await upload(t.app, as, 'image', { name: 'slip.png', bytes: FILES.png })).json<{ path: string }>()
        .path;
    const media = (filePath: string) => ({
      message_type: 'media',
      payload: { message: '', url: false, fileType: 'image', filePath },
    });
    const unsent = await uploadPng();
    const sentPath = await uploadPng();
    const sentId = clientId();
    const send = (filePath: string, id = clientId()) =>
      chatCall(t.app, as, 'POST', '/api/chat/send-message', { clientId: id, message: media(filePath) });
    expect((await send(sentPath, sentId)).statusCode).toBe(200);
    const onDisk = (key: string) => existsSync(path.join(t.chatMediaDir, key));
    expect(onDisk(unsent)).toBe(true);
    // The send marks its upload, so the purge reads only those never sent, however many were.
    const marks = await rowsOf<{ storage_key: string; sent: boolean }>(
      t.database.db,
      sql`select storage_key, sent_at is not null as sent from chat_uploads where storage_key in (${unsent}, ${sentPath})`,
    );
    expect(Object.fromEntries(marks.map((row) => [row.storage_key, row.sent]))).toEqual({
      [unsent]: false,
      [sentPath]: true,
    });

    try {
      clockOffsetMs = 13 * 3_600_000;
      const late = await send(unsent);
      expect(late.statusCode).toBe(400);
      expect(late.json()).toEqual({ message: 'CHAT_MEDIA_UNKNOWN' });
      // A resend of the message that was sent still finds it, and a photo already shown may be sent again.
      expect((await send(sentPath, sentId)).statusCode).toBe(200);
      expect((await send(sentPath)).statusCode).toBe(200);

      clockOffsetMs = 25 * 3_600_000;
      const removed = await t.services.housekeeping.runOnce();
      expect(removed['chat uploads never sent']).toBeGreaterThanOrEqual(1);
      expect(onDisk(unsent)).toBe(false);
      expect(onDisk(sentPath)).toBe(true);
      const left = await rowsOf<{ storage_key: string }>(
        t.database.db,
        sql`select storage_key from chat_uploads where storage_key in (${unsent}, ${sentPath})`,
      );
      expect(left.map((row) => row.storage_key)).toEqual([sentPath]);
      const shown = (await historyOf(t.app, as)).result[0]!;
      if (shown.message.message_type !== 'media') throw new Error('no media');
      expect((await t.app.inject({ url: shown.message.payload.filePath })).statusCode).toBe(200);
    } finally {
      clockOffsetMs = 0;
    }
  });
});

describe('a guest who signs in', () => {
  it('keeps the conversation: the guest room becomes the member’s, with its numbers', async () => {
    const guest = await newGuest(t.app);
    await sendText(t.app, guest, 'question as a guest');
    const member = await signedInMember(t.app);
    const claimed = await chatCall(t.app, { token: member.token }, 'POST', '/api/chat/claim-guest', {
      guestId: guest.guestId,
    });
    expect(claimed.json()).toEqual({ moved: 3 });
    const history = await historyOf(t.app, { token: member.token });
    expect(texts(history.result)).toContain('question as a guest');
    expect(history.result.every((message) => message.userId === member.id)).toBe(true);
    // The guest id no longer reaches the conversation.
    expect((await historyOf(t.app, guest)).result).toEqual([]);
    // What the guest wrote is named as the member, as what they write now is.
    await sendText(t.app, { token: member.token }, 'now signed in');
    const named = (await historyOf(t.app, { token: member.token })).result.filter(
      (message) => message.sender === 'customer',
    );
    expect(new Set(named.map((message) => message.name))).toEqual(new Set([named[0]!.name]));
    expect(named[0]!.name).not.toBe('Guest');
  });

  it('with a conversation of their own, the guest’s messages follow theirs, numbered on', async () => {
    const member = await signedInMember(t.app);
    await sendText(t.app, { token: member.token }, 'earlier as a member');
    const before = (await historyOf(t.app, { token: member.token })).room.lastSeq;
    const guest = await newGuest(t.app);
    await sendText(t.app, guest, 'then as a guest');
    const claimed = await chatCall(t.app, { token: member.token }, 'POST', '/api/chat/claim-guest', {
      guestId: guest.guestId,
    });
    expect(claimed.json<{ moved: number }>().moved, claimed.body).toBe(3);
    const history = await historyOf(t.app, { token: member.token });
    expect(history.result.map((message) => message.seq)).toEqual(
      Array.from({ length: before + 3 }, (_, index) => before + 3 - index),
    );
    expect(texts(history.result)[2]).toBe('then as a guest');
    const [asGuest, asMember] = [history.result[2]!, history.result.at(-1)!];
    expect(asMember.message).toEqual({ message_type: 'text', payload: 'earlier as a member' });
    expect(asGuest.name).toBe(asMember.name);
  });
});

describe('the first-line bot', () => {
  it('answers a member’s deposit question from that member’s own records, and no one else’s', async () => {
    const rich = await signedInMember(t.app);
    const asker = await signedInMember(t.app);
    await credit(t.app, rich.token, 777_700);
    await credit(t.app, asker.token, 12_345);
    const postback = (payload: string) => ({
      clientId: clientId(),
      message: { message_type: 'postback', payload: { title: 'Deposit', payload } },
    });
    const asked = await chatCall(
      t.app,
      { token: asker.token },
      'POST',
      '/api/chat/send-message',
      postback('DEPOSIT'),
      { 'accept-language': 'en' },
    );
    expect(asked.statusCode, asked.body).toBe(200);
    const answer = texts((await historyOf(t.app, { token: asker.token })).result).find((text) =>
      text.startsWith('Your latest deposit'),
    );
    expect(answer).toContain('฿123.45');
    expect(answer).not.toContain('7,777');
  });

  it('asks a guest to sign in, and hands the question to a person', async () => {
    const guest = await newGuest(t.app);
    const asked = await chatCall(
      t.app,
      guest,
      'POST',
      '/api/chat/send-message',
      {
        clientId: clientId(),
        message: { message_type: 'postback', payload: { title: 'ຍອດຝາກ', payload: 'DEPOSIT' } },
      },
      { 'accept-language': 'lo' },
    );
    expect(asked.statusCode).toBe(200);
    const said = texts((await historyOf(t.app, guest)).result);
    expect(said.some((text) => text.startsWith('ກະລຸນາເຂົ້າສູ່ລະບົບ'))).toBe(true);
    const inbox = (await t.services.chat.inbox('open')).conversations;
    const mine = inbox.find((conversation) => conversation.guestLabel === guest.guestId.slice(1, 7))!;
    expect(mine.waitingForStaff).toBe(true);
    // The list previews what the guest asked, not the bot's answer after it (issue 27).
    expect(said.at(-1)).not.toBe('ຍອດຝາກ');
    expect(mine.lastMessage).toMatchObject({ sender: 'customer', message: { message_type: 'postback' } });
  });
});

describe('the bot’s hand-over', () => {
  it('says it once a session: not again after a person answered, though the member waits again', async () => {
    const staff = await createStaffAndSignIn(t);
    const guest = await newGuest(t.app);
    await sendText(t.app, guest, 'my withdrawal is late');
    const handOver = 'เจ้าหน้าที่จะตอบกลับในแชทนี้โดยเร็วที่สุดค่ะ'; // Thai: the default language
    const count = async () =>
      texts((await historyOf(t.app, guest)).result).filter((said) => said === handOver).length;
    expect(await count()).toBe(1);
    const inbox = async () =>
      (await t.services.chat.inbox('open')).conversations.find(
        (conversation) => conversation.guestLabel === guest.guestId.slice(1, 7),
      )!;
    const { id } = await inbox();
    const answer = await staffCall(
      t.app,
      staff.token,
      'POST',
      `/api/console/chat/conversations/${id}/messages`,
      {
        clientId: clientId(),
        message: { message_type: 'text', payload: 'Let me look at it.' },
      },
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await inbox()).waitingForStaff).toBe(false);

    await sendText(t.app, guest, 'it is still not there');
    expect(await count()).toBe(1);
    // Still flagged for staff: only the bot's words are not repeated.
    expect((await inbox()).waitingForStaff).toBe(true);
  });
});

describe('web push subscriptions', () => {
  it('a room keeps its newest 10: posting more drops the oldest, and a repeat counts once', async () => {
    const member = await signedInMember(t.app);
    const keys = {
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    };
    const subscribe = (n: number) =>
      chatCall(t.app, { token: member.token }, 'POST', '/api/chat/push-subscription', {
        endpoint: `https://fcm.googleapis.com/fcm/send/${member.id}-${n}`,
        keys,
      });
    for (let n = 1; n <= 12; n += 1) expect((await subscribe(n)).statusCode).toBe(200);
    expect((await subscribe(12)).statusCode).toBe(200);
    const kept = await rowsOf<{ endpoint: string }>(
      t.database.db,
      sql`select s.endpoint from chat_push_subscriptions s join chat_rooms r on r.id = s.room_id
          where r.member_id = ${member.id} order by s.endpoint`,
    );
    expect(kept.map((row) => Number(row.endpoint.split('-').at(-1))).sort((a, b) => a - b)).toEqual([
      3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ]);

    // A guest's subscriptions follow them into the member's conversation, within the same 10.
    const guest = await newGuest(t.app);
    await sendText(t.app, guest, 'hello');
    for (let n = 1; n <= 3; n += 1) {
      const subscribed = await chatCall(t.app, guest, 'POST', '/api/chat/push-subscription', {
        endpoint: `https://fcm.googleapis.com/fcm/send/${guest.guestId.slice(1, 12)}-g${n}`,
        keys,
      });
      expect(subscribed.statusCode).toBe(200);
    }
    await chatCall(t.app, { token: member.token }, 'POST', '/api/chat/claim-guest', {
      guestId: guest.guestId,
    });
    const merged = await rowsOf<{ endpoint: string }>(
      t.database.db,
      sql`select s.endpoint from chat_push_subscriptions s join chat_rooms r on r.id = s.room_id
          where r.member_id = ${member.id}`,
    );
    expect(merged).toHaveLength(10);
  });
});

describe('limits', () => {
  it('stop one caller’s flood and one address’s guest ids, and leave everyone else alone', async () => {
    const limited = await createTestApp(
      {},
      { chatLimits: { ...DEFAULT_CHAT_LIMITS, messagesPerMinute: 3, guestsPerHour: 3 } },
    );
    try {
      const flooder = await newGuest(limited.app);
      const calm = await newGuest(limited.app);
      for (let index = 0; index < 3; index += 1) await sendText(limited.app, flooder, `m${index}`);
      const fourth = await chatCall(limited.app, flooder, 'POST', '/api/chat/send-message', {
        clientId: clientId(),
        message: { message_type: 'text', payload: 'one more' },
      });
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json()).toEqual({ message: 'REQUEST_LIMIT' });
      expect(
        (await historyOf(limited.app, flooder)).result.filter((message) => message.sender === 'customer'),
      ).toHaveLength(3);
      await sendText(limited.app, calm, 'still heard');
      // The third guest id of this address was issued above; a fourth is refused.
      await newGuest(limited.app);
      const another = await limited.app.inject({
        method: 'POST',
        url: '/api/chat/guest',
        headers: memberHeaders(),
      });
      expect(another.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
