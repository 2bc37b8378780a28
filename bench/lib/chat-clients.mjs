/**
 * One load-generator process of bench/chat-sockets.mjs (started with child_process.fork; the
 * parent starts several so that opening thousands of sockets is not held back by one event loop).
 *
 * It holds its share of the guest sockets (Socket.IO, websocket transport only, no reconnection:
 * a socket that drops is counted, never silently replaced), and at a steady rate it has staff
 * answer its own sockets' conversations over HTTP, so a message's delivery time is measured on one
 * clock: from the moment the HTTP request is issued to the moment the `messaging` event with that
 * message's clientId arrives on the room's socket (performance.now() of this process).
 *
 * Commands come from the parent over IPC as { id, cmd, ...args }; each is answered { id, result }
 * or { id, error }.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { io } from 'socket.io-client';

const CLIENT_HEADERS = { 'x-requested-with': 'wallet-user' };
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

let base = '';
/** The staff session's headers: its cookie and CSRF token (decision 047). */
let staffHeaders = {};
/** Every socket this process opened: { guestId, socket, roomId, connected } */
const clients = [];
const disconnects = {};
/** clientId -> pending delivery { t0, due, socketIndex, answeredAt } */
const pending = new Map();
const counters = { messagingEvents: 0, misdelivered: 0, duplicates: 0 };
let record = null; // the running delivery step's records

/** One JSON call on the keep-alive agent; resolves { status, body, ms } (status 0 on a network error). */
function call(method, path, body, headers = {}) {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const begun = performance.now();
    const request = http.request(
      `${base}${path}`,
      {
        method,
        agent,
        headers: {
          ...CLIENT_HEADERS,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode,
            body: text,
            ms: performance.now() - begun,
            at: performance.now(),
          }),
        );
      },
    );
    request.on('error', (error) =>
      resolve({ status: 0, body: error.message, ms: performance.now() - begun, at: performance.now() }),
    );
    request.end(payload);
  });
}

/** Runs `work(item)` over `items` with at most `limit` at once. */
async function pool(items, limit, work) {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      await work(items[index], index);
    }
  });
  await Promise.all(runners);
}

const bump = (counts, key) => (counts[key] = (counts[key] ?? 0) + 1);

function onMessaging(index, message) {
  const now = performance.now();
  counters.messagingEvents += 1;
  const client = clients[index];
  if (message?.guestId !== client.guestId) counters.misdelivered += 1;
  const waiting = pending.get(message?.clientId);
  if (!waiting) return;
  if (waiting.socketIndex !== index || waiting.deliveredAt !== undefined) {
    if (waiting.deliveredAt !== undefined) counters.duplicates += 1;
    else counters.misdelivered += 1;
    return;
  }
  waiting.deliveredAt = now;
  waiting.resolve?.();
}

/** Opens one guest socket: a guest id from the server, the handshake, then the join with its ack. */
async function openOne(timeoutMs) {
  const guest = await call('POST', '/api/chat/guest');
  if (guest.status !== 200) return { ok: false, error: `guest id: HTTP ${guest.status}` };
  const { guestId } = JSON.parse(guest.body);
  const begun = performance.now();
  const socket = io(base, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { guestId },
    reconnection: false,
    forceNew: true,
    timeout: timeoutMs,
  });
  const index = clients.length;
  const client = { guestId, socket, roomId: null, connected: false };
  clients.push(client);
  socket.on('messaging', (message) => onMessaging(index, message));
  socket.on('disconnect', (reason) => {
    if (client.connected) bump(disconnects, reason);
    client.connected = false;
  });
  try {
    await new Promise((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', (error) => reject(new Error(`connect: ${error.message}`)));
    });
    const connectMs = performance.now() - begun;
    const ack = await socket.timeout(timeoutMs).emitWithAck('join', { guestId });
    if (!ack?.ok) throw new Error(`join: ${ack?.error ?? 'refused'}`);
    client.connected = true;
    return { ok: true, connectMs, joinMs: performance.now() - begun };
  } catch (error) {
    socket.disconnect();
    return { ok: false, error: error.message.replace(/\d+/g, 'N') };
  }
}

const commands = {
  init(args) {
    base = args.base;
    staffHeaders = args.staffHeaders;
    return { pid: process.pid };
  },

  /** Opens `count` sockets at once (the parent's batch share); answers their timings and failures. */
  async open({ count, timeoutMs = 30_000 }) {
    const begun = performance.now();
    const results = await Promise.all(Array.from({ length: count }, () => openOne(timeoutMs)));
    const errors = {};
    for (const result of results) if (!result.ok) bump(errors, result.error);
    return {
      opened: results.filter((result) => result.ok).length,
      failed: results.filter((result) => !result.ok).length,
      errors,
      connectMs: results.filter((result) => result.ok).map((result) => result.connectMs),
      joinMs: results.filter((result) => result.ok).map((result) => result.joinMs),
      wallMs: performance.now() - begun,
    };
  },

  /**
   * Each of the first `limit` connected sockets without a conversation sends one guest message
   * (so a conversation exists for staff to answer); waits for its echo on the socket.
   */
  async converse({ limit, concurrency = 8 }) {
    const todo = clients
      .map((client, index) => ({ client, index }))
      .filter(({ client }) => client.connected && !client.conversed)
      .slice(0, limit);
    const errors = {};
    let ok = 0;
    const begun = performance.now();
    await pool(todo, concurrency, async ({ client, index }) => {
      const clientId = `g${randomUUID().replace(/-/g, '')}`;
      const echoed = new Promise((resolve) => pending.set(clientId, { socketIndex: index, resolve }));
      const sent = await call('POST', '/api/chat/send-message', {
        guestId: client.guestId,
        clientId,
        message: { message_type: 'text', payload: 'My deposit has not arrived yet' },
      });
      if (sent.status !== 200) {
        pending.delete(clientId);
        bump(errors, `HTTP ${sent.status}`);
        return;
      }
      const timedOut = await Promise.race([echoed.then(() => false), sleep(10_000).then(() => true)]);
      pending.delete(clientId);
      if (timedOut) bump(errors, 'no echo on the socket');
      else {
        client.conversed = true;
        ok += 1;
      }
    });
    return { asked: todo.length, ok, errors, wallMs: performance.now() - begun };
  },

  guestIds() {
    return clients.filter((client) => client.conversed).map((client) => client.guestId);
  },

  /** The conversation (room) id of each guest, read by the parent from the database. */
  rooms({ map }) {
    let assigned = 0;
    for (const client of clients) {
      if (map[client.guestId] !== undefined) {
        client.roomId = map[client.guestId];
        assigned += 1;
      }
    }
    return { assigned };
  },

  /**
   * Staff answers, `rate` a second for `durationSec`, from `startAt` (Date.now() of the machine, so
   * every process starts together), each to a random conversation of this process; message i is
   * due at start + i / rate whatever came back (open loop). Then waits up to `drainMs` for the
   * deliveries still on their way; what has not arrived by then is lost.
   */
  async deliver({ rate, durationSec, startAt, drainMs = 10_000 }) {
    const targets = clients
      .map((client, index) => ({ client, index }))
      .filter(({ client }) => client.roomId !== null);
    if (targets.length === 0) throw new Error('no conversation to answer');
    record = { sent: [], httpErrors: {}, maxInFlight: 0, sendLagMs: [] };
    const eventsBefore = counters.messagingEvents;
    const misdeliveredBefore = counters.misdelivered;
    const disconnectedBefore = clients.filter((client) => !client.connected).length;
    const total = Math.round(rate * durationSec);
    const interval = 1000 / rate;
    await sleep(Math.max(0, startAt - Date.now()));
    const start = performance.now();
    let inFlight = 0;
    const answers = [];
    for (let i = 0; i < total;) {
      const now = performance.now();
      // Everything due by now goes out (a late timer sends what it owes at once).
      while (i < total && start + i * interval <= now) {
        const due = start + i * interval;
        const { client, index } = targets[Math.floor(Math.random() * targets.length)];
        const clientId = `s${randomUUID().replace(/-/g, '')}`;
        const entry = { clientId, socketIndex: index, due, t0: performance.now() };
        record.sendLagMs.push(entry.t0 - due);
        pending.set(clientId, entry);
        record.sent.push(entry);
        inFlight += 1;
        record.maxInFlight = Math.max(record.maxInFlight, inFlight);
        answers.push(
          call(
            'POST',
            `/api/console/chat/conversations/${client.roomId}/messages`,
            { clientId, message: { message_type: 'text', payload: `Answer ${i}: we are checking it now` } },
            staffHeaders,
          ).then((answer) => {
            inFlight -= 1;
            entry.status = answer.status;
            entry.httpMs = answer.ms;
            if (answer.status !== 200)
              bump(record.httpErrors, `${answer.status} ${answer.body.slice(0, 80)}`);
          }),
        );
        i += 1;
      }
      if (i < total) await sleep(Math.max(0, start + i * interval - performance.now()));
    }
    const sendingMs = performance.now() - start;
    await Promise.all(answers);
    // Deliveries still on their way get drainMs more.
    const drainUntil = performance.now() + drainMs;
    while (
      performance.now() < drainUntil &&
      record.sent.some((entry) => entry.status === 200 && entry.deliveredAt === undefined)
    )
      await sleep(50);
    const ok = record.sent.filter((entry) => entry.status === 200);
    const delivered = record.sent.filter((entry) => entry.deliveredAt !== undefined);
    const result = {
      rate,
      durationSec,
      targets: targets.length,
      sent: record.sent.length,
      sendingMs,
      httpOk: ok.length,
      httpErrors: record.httpErrors,
      delivered: delivered.length,
      lost: ok.filter((entry) => entry.deliveredAt === undefined).length,
      deliveredWithoutOk: delivered.filter((entry) => entry.status !== 200).length,
      misdelivered: counters.misdelivered - misdeliveredBefore,
      messagingEvents: counters.messagingEvents - eventsBefore,
      disconnectedDuring: clients.filter((client) => !client.connected).length - disconnectedBefore,
      maxInFlight: record.maxInFlight,
      fromSendMs: delivered.map((entry) => entry.deliveredAt - entry.t0),
      /** When each delivered message was sent, ms after this step's start (for the per-second timeline). */
      sentAtMs: delivered.map((entry) => entry.t0 - start),
      fromDueMs: delivered.map((entry) => entry.deliveredAt - entry.due),
      httpMs: record.sent.filter((entry) => entry.httpMs !== undefined).map((entry) => entry.httpMs),
      sendLagMs: record.sendLagMs,
    };
    for (const entry of record.sent) pending.delete(entry.clientId);
    record = null;
    return result;
  },

  stats() {
    return {
      sockets: clients.length,
      connected: clients.filter((client) => client.connected).length,
      conversations: clients.filter((client) => client.roomId !== null).length,
      disconnects,
      ...counters,
      rssMB: Math.round(process.memoryUsage().rss / 2 ** 20),
    };
  },

  async close() {
    for (const client of clients) client.socket.disconnect();
    agent.destroy();
    return { closed: clients.length };
  },
};

process.on('message', async (message) => {
  const { id, cmd, ...args } = message;
  try {
    const result = await commands[cmd](args);
    process.send({ id, result });
  } catch (error) {
    process.send({ id, error: error.stack ?? String(error) });
  }
});
process.on('disconnect', () => process.exit(0));
