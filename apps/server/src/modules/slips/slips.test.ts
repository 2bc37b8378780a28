import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { slipVerify } from 'promptparse/generate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlipStatementResponse, SlipUploadResult } from '@wallet/contract/http/deposit';
import { bearer, login, randomAccountNo, registerMember } from '../../../test/members';
import { pngChunk, uploadSlip } from '../../../test/slip-images';
import { getAs, listen, signedInMember, walletOf } from '../../../test/money';
import { createTestApp, memberHeaders, type TestApp } from '../../../test/test-app';
import { checkLedger } from '../ledger/ledger.check';
import { accountKey, createLedgerService } from '../ledger/ledger.service';
import { BANK_NUMBERS } from '../../sandbox/bank/sandbox-bank.routes';
import { renderSlipImage } from '../../sandbox/bank/slip-image';
import { decodeQrText } from './reading/decode-qr';
import { checkSlips } from './slips.check';
import { slipUploads } from './slips.tables';

/** One of the operator's receiving accounts in the demo reference data. */
const OPERATOR_ACCOUNT = '4078823156';
/** Small, so an oversize upload is cheap to make. */
const MAX_BYTES = 400_000;

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ SLIP_MAX_BYTES: String(MAX_BYTES) });
  await listen(test.app);
  // The demo closes uploads from 23:50 to 00:10 Bangkok time; tests must not depend on the hour.
  await setSlipWindow(null, null);
});
afterAll(async () => test.close());

async function setSlipWindow(closedFrom: string | null, closedTo: string | null) {
  const value = JSON.stringify({ maxAgeMinutes: 60, closedFrom, closedTo, timeZone: 'Asia/Bangkok' });
  await test.database.db.execute(sql`update site_settings set value = ${value}::jsonb where key = 'slip'`);
}

/** A transfer at the sandbox bank, and the slip image it hands out. */
async function bankTransfer(order: {
  fromBankCode: string;
  fromAccountNo: string;
  toBankCode?: string;
  toAccountNo: string;
  amount: number;
}) {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/sandbox/bank/transfer',
    payload: order,
    headers: memberHeaders(),
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('image/png');
  return { slip: response.rawPayload, transRef: String(response.headers['x-trans-ref']) };
}

/** A member and a slip of a transfer from their registered account to the operator's. */
async function memberWithSlip(amount = 25_000) {
  const signedIn = await signedInMember(test.app);
  const transfer = await bankTransfer({
    fromBankCode: signedIn.member.bankCode,
    fromAccountNo: signedIn.member.bankAccountNo,
    toAccountNo: OPERATOR_ACCOUNT,
    amount,
  });
  return { ...signedIn, ...transfer };
}

const upload = (token: string, file: Buffer, options?: Parameters<typeof uploadSlip>[3]) =>
  uploadSlip(test.app, token, file, options);

async function slipsOf(token: string) {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/statement/slip',
    payload: { page: 1, limit: 10 },
    headers: memberHeaders(bearer(token)),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SlipStatementResponse>();
}

/** A member registered with the given bank account, signed in. */
async function memberWithAccount(bankAccountNo: string, bankAccountName: string) {
  const member = await registerMember(test.app, { bankAccountNo, bankAccountName });
  return { member, token: await login(test.app, member.username, member.password) };
}

/** The slip of a transfer drawn again with its reference in another letter case (valid checksum). */
const slipWithReference = (fromAccount: string, transRef: string) =>
  renderSlipImage({
    bankName: 'SCB Sandbox Bank',
    fromAccount,
    toAccount: OPERATOR_ACCOUNT,
    toName: 'Receiving account',
    amountText: '100.00 THB',
    dateText: '2026-11-23 10:00',
    transRef,
    qrPayload: slipVerify({ sendingBank: BANK_NUMBERS.SCB!, transRef }),
  });

/** Little-endian fields, each [bytes, value], one after the other. */
const fields = (...values: [2 | 4, number][]) =>
  Buffer.concat(
    values.map(([bytes, value]) => {
      const field = Buffer.alloc(bytes);
      field.writeUIntLE(value, 0, bytes);
      return field;
    }),
  );

/** A ZIP archive holding one stored file (local header, data, central directory, end record). */
function zipOf(name: string, content: Buffer): Buffer {
  const fileName = Buffer.from(name);
  const sizes: [2 | 4, number][] = [
    [4, crc32(content)],
    [4, content.length],
    [4, content.length],
  ];
  const local = Buffer.concat([
    fields([4, 0x04034b50], [2, 10], [2, 0], [2, 0], [2, 0], [2, 0], ...sizes, [2, fileName.length], [2, 0]),
    fileName,
    content,
  ]);
  const central = Buffer.concat([
    fields([4, 0x02014b50], [2, 10], [2, 10], [2, 0], [2, 0], [2, 0], [2, 0], ...sizes),
    fields([2, fileName.length], [2, 0], [2, 0], [2, 0], [2, 0], [4, 0], [4, 0]),
    fileName,
  ]);
  const end = fields(
    [4, 0x06054b50],
    [2, 0],
    [2, 0],
    [2, 1],
    [2, 1],
    [4, central.length],
    [4, local.length],
    [2, 0],
  );
  return Buffer.concat([local, central, end]);
}

const refusedWith = async (response: Awaited<ReturnType<typeof upload>>, status: number, code: string) => {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toEqual({ message: code });
};

describe('slip uploads', () => {
  it(
    'credits a genuine slip once, lists it, and shows its image to its owner only',
    { tags: ['embedded'] },
    async () => {
      const { token, slip, transRef } = await memberWithSlip(25_000);
      const key = randomUUID();
      const first = await upload(token, slip, { key });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json<SlipUploadResult>()).toEqual({
        status: 'SUCCESS',
        amount: 25_000,
        reference: transRef,
      });
      expect((await upload(token, slip, { key })).json()).toEqual(first.json());
      expect((await walletOf(test.app, token)).wallet).toBe(25_000);

      const { total, slips } = await slipsOf(token);
      expect(total).toBe(1);
      expect(slips[0]).toMatchObject({ status: 'SUCCESS', amount: 25_000, note: null, reference: transRef });
      const link = await getAs(test.app, token, slips[0]!.link!);
      expect(link.statusCode, link.body).toBe(200);
      const url = link.json<{ url: string }>().url;
      const image = await test.app.inject({ url });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      // The slip as its pixels, re-encoded (never the uploaded bytes): it still reads the same.
      expect(await sharp(image.rawPayload).metadata()).toMatchObject({
        format: 'png',
        width: 600,
        height: 900,
      });
      expect(await decodeQrText(image.rawPayload, { maxPixels: 1_000_000 })).toEqual(
        await decodeQrText(slip, { maxPixels: 1_000_000 }),
      );
      expect(
        (await test.app.inject({ url: url.replace(/signature=.{4}/, 'signature=AAAA') })).statusCode,
      ).toBe(404);

      const stranger = await signedInMember(test.app);
      expect((await getAs(test.app, stranger.token, slips[0]!.link!)).statusCode).toBe(404);
      expect((await slipsOf(stranger.token)).total).toBe(0);
    },
  );

  it('credits one slip uploaded again, or many times at the same moment, once', async () => {
    const { token, slip } = await memberWithSlip(10_000);
    expect((await upload(token, slip)).statusCode).toBe(200);
    await refusedWith(await upload(token, slip), 409, 'SLIP_REFNO_DUPLICATED');

    const racer = await memberWithSlip(30_000);
    const answers = await Promise.all(Array.from({ length: 6 }, () => upload(racer.token, racer.slip)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect((await walletOf(test.app, racer.token)).wallet).toBe(30_000);
    expect((await walletOf(test.app, token)).wallet).toBe(10_000);
    const notes = (await slipsOf(racer.token)).slips.map((row) => row.note);
    expect(notes.filter((note) => note === 'SLIP_REFNO_DUPLICATED')).toHaveLength(5);
    expect(await checkLedger(test.database.db, { pendingOlderThanMs: 3_600_000 })).toEqual([]);
  });

  it('credits a transfer once, whichever letter case its reference is uploaded in', async () => {
    for (const [first, second] of [
      [(ref: string) => ref, (ref: string) => ref.toLowerCase()],
      [(ref: string) => ref.toLowerCase(), (ref: string) => ref],
    ] as const) {
      const { token, member, transRef } = await memberWithSlip(12_000);
      const uploaded = await upload(token, await slipWithReference(member.bankAccountNo, first(transRef)));
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      // Keyed and answered as the bank writes the reference.
      expect(uploaded.json<SlipUploadResult>().reference).toBe(transRef);
      const again = await upload(token, await slipWithReference(member.bankAccountNo, second(transRef)));
      await refusedWith(again, 409, 'SLIP_REFNO_DUPLICATED');
      expect((await walletOf(test.app, token)).wallet).toBe(12_000);
    }
    expect(await checkLedger(test.database.db, { pendingOlderThanMs: 3_600_000 })).toEqual([]);
  });

  it('credits nobody with the slip of another member whose account shows the same digits, and keeps it for review', async () => {
    // Two accounts at one bank that a verifier shows alike: xxx-x-x6789-x.
    const shared = (prefix: string) => `${prefix.slice(0, 5)}6789${prefix.slice(5, 6)}`;
    const victim = await memberWithAccount(shared(randomAccountNo()), 'สมศรี มีสุข');
    const attacker = await memberWithAccount(shared(randomAccountNo()), 'SOMCHAI JAIDEE');
    const { slip, transRef } = await bankTransfer({
      fromBankCode: victim.member.bankCode,
      fromAccountNo: victim.member.bankAccountNo,
      toAccountNo: OPERATOR_ACCOUNT,
      amount: 40_000,
    });

    await refusedWith(await upload(attacker.token, slip), 422, 'SENDER_UNCONFIRMED');
    expect((await walletOf(test.app, attacker.token)).wallet).toBe(0);
    expect((await slipsOf(attacker.token)).slips).toEqual([
      expect.objectContaining({
        status: 'REVIEW',
        note: 'SENDER_UNCONFIRMED',
        amount: 40_000,
        reference: transRef,
      }),
    ]);

    // The slip's owner (named in Thai, masked by the verifier) is credited all the same.
    const own = await upload(victim.token, slip);
    expect(own.statusCode, own.body).toBe(200);
    expect((await walletOf(test.app, victim.token)).wallet).toBe(40_000);
    expect((await walletOf(test.app, attacker.token)).wallet).toBe(0);
  });

  it('credits nobody whose bank account was registered or changed after the transfer, and the slip’s owner all the same', async () => {
    // The owner's account, which a verifier shows as xxx-x-x6789-x, SOMCHAI J***.
    const shared = (prefix: string) => `${prefix.slice(0, 5)}6789${prefix.slice(5, 6)}`;
    const owner = await memberWithAccount(shared(randomAccountNo()), 'SOMCHAI JAIDEE');
    const { slip, transRef } = await bankTransfer({
      fromBankCode: owner.member.bankCode,
      fromAccountNo: owner.member.bankAccountNo,
      toAccountNo: OPERATOR_ACCOUNT,
      amount: 45_000,
    });
    // Someone holding the slip registers after it what it shows of its sender: the same bank,
    // 6789 in place, a name that SOMCHAI J*** fits.
    const attacker = await memberWithAccount(shared(randomAccountNo()), 'SOMCHAI JONES');
    await refusedWith(await upload(attacker.token, slip), 422, 'SENDER_UNCONFIRMED');
    expect((await walletOf(test.app, attacker.token)).wallet).toBe(0);
    expect((await slipsOf(attacker.token)).slips).toEqual([
      expect.objectContaining({ status: 'REVIEW', note: 'SENDER_UNCONFIRMED', reference: transRef }),
    ]);

    const own = await upload(owner.token, slip);
    expect(own.statusCode, own.body).toBe(200);
    expect((await walletOf(test.app, owner.token)).wallet).toBe(45_000);

    // Bank details changed after the transfer (by the audit trail: a change of name) likewise.
    const renamed = await memberWithSlip(15_000);
    await test.database.db.execute(
      sql`insert into bank_account_changes (member_id, actor_type, actor_id, field, old_value, new_value, client_address)
          values (${renamed.id}, 'member', ${String(renamed.id)}, 'bankAccountName', 'SOMCHAI JAIDEE', 'SOMCHAI JAIDEE', '127.0.0.1')`,
    );
    await refusedWith(await upload(renamed.token, renamed.slip), 422, 'SENDER_UNCONFIRMED');
    expect((await walletOf(test.app, renamed.token)).wallet).toBe(0);
  });

  it('finishes a credit made under the ledger key of before (the reference as read), never crediting it twice', async () => {
    const ledger = createLedgerService(test.database.db);
    /** A credit as made before references were upper case, its SUCCESS row never written (a crash). */
    const creditedBefore = async (memberId: number, reference: string, amount: bigint) => {
      await ledger.openAccount(accountKey.wallet(memberId), 'BAHT');
      await ledger.transfer({
        idempotencyKey: `deposit:slip:${reference}`,
        debit: accountKey.operator('cash_in', 'BAHT'),
        credit: accountKey.wallet(memberId),
        amount,
        kind: 'deposit',
        metadata: { memberId, slip: reference, statement: { type: 'deposit', from: 'bank', to: 'wallet' } },
      });
    };
    const { id, token, member, transRef } = await memberWithSlip(18_000);
    await creditedBefore(id, transRef.toLowerCase(), 18_000n);
    expect((await walletOf(test.app, token)).wallet).toBe(18_000);

    const finished = await upload(
      token,
      await slipWithReference(member.bankAccountNo, transRef.toLowerCase()),
    );
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json()).toEqual({ status: 'SUCCESS', amount: 18_000, reference: transRef });
    expect((await walletOf(test.app, token)).wallet).toBe(18_000);
    await refusedWith(
      await upload(token, await slipWithReference(member.bankAccountNo, transRef)),
      409,
      'SLIP_REFNO_DUPLICATED',
    );
    expect((await walletOf(test.app, token)).wallet).toBe(18_000);

    // Credited before to someone else: a duplicate for this member.
    const other = await memberWithSlip(11_000);
    const someoneElse = await signedInMember(test.app);
    await creditedBefore(someoneElse.id, other.transRef.toLowerCase(), 11_000n);
    await refusedWith(
      await upload(
        other.token,
        await slipWithReference(other.member.bankAccountNo, other.transRef.toLowerCase()),
      ),
      409,
      'SLIP_REFNO_DUPLICATED',
    );
    expect((await walletOf(test.app, other.token)).wallet).toBe(0);
    expect(await checkLedger(test.database.db, { pendingOlderThanMs: 3_600_000 })).toEqual([]);
  });

  /** A slip with a ZIP archive in a private ancillary chunk: still a valid PNG, and a ZIP tool finds the archive. */
  const withHiddenZip = (slip: Buffer) => {
    const zip = zipOf('payload.html', Buffer.from('<script>alert(1)</script>'));
    const iend = slip.length - 12;
    return Buffer.concat([slip.subarray(0, iend), pngChunk('prVt', zip), slip.subarray(iend)]);
  };
  const expectPixelsOnly = async (image: Buffer) => {
    for (const hidden of [
      Buffer.from('PK\u0003\u0004', 'latin1'),
      Buffer.from('PK\u0005\u0006', 'latin1'),
      Buffer.from('prVt'),
      Buffer.from('payload.html'),
    ]) {
      expect(image.includes(hidden), hidden.toString('latin1')).toBe(false);
    }
    expect(await sharp(image).metadata()).toMatchObject({ format: 'png', width: 600, height: 900 });
  };

  it('keeps and serves only the re-encoded pixels of a slip, never what rides in its chunks', async () => {
    const { token, slip } = await memberWithSlip(7_000);
    expect((await upload(token, withHiddenZip(slip))).statusCode).toBe(200);

    const [row] = (await slipsOf(token)).slips;
    const { url } = (await getAs(test.app, token, row!.link!)).json<{ url: string }>();
    const image = await test.app.inject({ url });
    expect(image.statusCode).toBe(200);
    await expectPixelsOnly(image.rawPayload);
  });

  it('serves a slip stored before only pixels were kept as its pixels re-encoded, and stores those back', async () => {
    const { id, token, slip, transRef } = await memberWithSlip(6_000);
    // As uploads were kept before migration 0015: the upload's own bytes, ZIP and all.
    const [stored] = await test.database.db
      .insert(slipUploads)
      .values({
        memberId: id,
        status: 'FAILED',
        note: 'EXPIRED_SLIP',
        amount: 6_000n,
        sendingBank: '014',
        reference: transRef,
        image: withHiddenZip(slip),
        imageType: 'png',
        imageReencoded: false,
      })
      .returning({ id: slipUploads.id });

    const [row] = (await slipsOf(token)).slips;
    const { url } = (await getAs(test.app, token, row!.link!)).json<{ url: string }>();
    const image = await test.app.inject({ url });
    expect(image.statusCode, image.body).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    await expectPixelsOnly(image.rawPayload);
    expect(await decodeQrText(image.rawPayload, { maxPixels: 1_000_000 })).toEqual(
      await decodeQrText(slip, { maxPixels: 1_000_000 }),
    );
    const [kept] = await test.database.db
      .select({ image: slipUploads.image, reencoded: slipUploads.imageReencoded })
      .from(slipUploads)
      .where(eq(slipUploads.id, stored!.id));
    expect(kept!.reencoded).toBe(true);
    expect(Buffer.from(kept!.image).equals(image.rawPayload)).toBe(true);
    expect((await test.app.inject({ url })).rawPayload.equals(image.rawPayload)).toBe(true);
  });

  it('tells slips credited twice before references were upper case, and ledger:check names them till staff act', async () => {
    const { id, token, transRef } = await memberWithSlip(9_000);
    // A later case-twin as migration 0014 left it: REVIEW / SLIP_REFNO_DUPLICATED, yet credited.
    await test.database.db.insert(slipUploads).values({
      memberId: id,
      status: 'REVIEW',
      note: 'SLIP_REFNO_DUPLICATED',
      amount: 9_000n,
      sendingBank: '014',
      reference: transRef.toLowerCase(),
      image: Buffer.alloc(0),
      imageType: 'png',
    });
    const migration = readFileSync(
      new URL('../../../db/migrations/0015_slip_images_and_credited_twice.sql', import.meta.url),
      'utf8',
    );
    const marking = migration
      .split('--> statement-breakpoint')
      .find((part) => part.includes('SLIP_CREDITED_TWICE'));
    await test.database.db.execute(sql.raw(marking!));

    expect((await slipsOf(token)).slips).toContainEqual(
      expect.objectContaining({ status: 'REVIEW', note: 'SLIP_CREDITED_TWICE', amount: 9_000 }),
    );
    const check = await checkSlips(test.database.db);
    expect(check.problems).toEqual([
      expect.stringContaining(`member ${id} ${transRef.toLowerCase()} (9000)`),
    ]);
    expect(check.openReviews).toEqual(expect.any(Number));
    // Reversed by staff and set FAILED: nothing more to tell.
    await test.database.db
      .update(slipUploads)
      .set({ status: 'FAILED' })
      .where(eq(slipUploads.note, 'SLIP_CREDITED_TWICE'));
    expect((await checkSlips(test.database.db)).problems).toEqual([]);
  });

  it('documents the upload’s SLIP_UPLOAD_BUSY answers (429 for the member, 503 for the reader)', async () => {
    const document = (await test.app.inject({ url: '/api/docs' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    expect(Object.keys(document.paths['/api/wallet/slip']!.post!.responses)).toEqual(
      expect.arrayContaining(['429', '503']),
    );
  });

  it('refuses a slip paid to another account, from another account, or too old, with its note', async () => {
    const { token, member } = await signedInMember(test.app);
    const elsewhere = await bankTransfer({
      fromBankCode: member.bankCode,
      fromAccountNo: member.bankAccountNo,
      toAccountNo: '1111111111',
      amount: 5_000,
    });
    await refusedWith(await upload(token, elsewhere.slip), 422, 'DEST_ACC_INVALID');
    // The operator's account number, but at another bank: not the operator's account.
    const otherBank = await bankTransfer({
      fromBankCode: member.bankCode,
      fromAccountNo: member.bankAccountNo,
      toBankCode: 'KBANK',
      toAccountNo: OPERATOR_ACCOUNT,
      amount: 5_000,
    });
    await refusedWith(await upload(token, otherBank.slip), 422, 'DEST_ACC_INVALID');

    const fromSomeoneElse = await bankTransfer({
      fromBankCode: member.bankCode,
      fromAccountNo: '2222222222',
      toAccountNo: OPERATOR_ACCOUNT,
      amount: 5_000,
    });
    await refusedWith(await upload(token, fromSomeoneElse.slip), 422, 'NOT_MATCH');
    const fromOtherBank = await bankTransfer({
      fromBankCode: 'KBANK',
      fromAccountNo: member.bankAccountNo,
      toBankCode: 'SCB',
      toAccountNo: OPERATOR_ACCOUNT,
      amount: 5_000,
    });
    await refusedWith(await upload(token, fromOtherBank.slip), 422, 'NOT_MATCH');

    const old = await bankTransfer({
      fromBankCode: member.bankCode,
      fromAccountNo: member.bankAccountNo,
      toAccountNo: OPERATOR_ACCOUNT,
      amount: 5_000,
    });
    await test.database.db.execute(
      sql`update sandbox_bank_transfers set paid_at = now() - interval '61 minutes' where trans_ref = ${old.transRef}`,
    );
    await refusedWith(await upload(token, old.slip), 422, 'EXPIRED_SLIP');

    expect((await walletOf(test.app, token)).wallet).toBe(0);
    const { slips } = await slipsOf(token);
    expect(slips.map((row) => [row.status, row.note])).toEqual([
      ['FAILED', 'EXPIRED_SLIP'],
      ['FAILED', 'NOT_MATCH'],
      ['FAILED', 'NOT_MATCH'],
      ['FAILED', 'DEST_ACC_INVALID'],
      ['FAILED', 'DEST_ACC_INVALID'],
    ]);
  });

  it('keeps for staff a slip paid into a baht account for a wallet in kip, crediting nothing', async () => {
    const { id, token, slip } = await memberWithSlip(20_000);
    await test.database.db.execute(sql`update members set currency = 'LAK' where id = ${id}`);
    await refusedWith(await upload(token, slip), 422, 'DEST_ACC_TAKES_BAHT');
    expect((await walletOf(test.app, token)).wallet).toBe(0);
    expect((await slipsOf(token)).slips[0]).toMatchObject({ status: 'REVIEW', note: 'DEST_ACC_TAKES_BAHT' });
  });

  it('refuses images without a slip code, an unknown transfer, and two different slips in one picture', async () => {
    const { token } = await signedInMember(test.app);
    const plain = await sharp({ create: { width: 600, height: 900, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    await refusedWith(await upload(token, plain), 422, 'INVALID_SLIP');

    const drawing = (transRef: string) => ({
      bankName: 'Forged Bank',
      fromAccount: '1234567890',
      toAccount: OPERATOR_ACCOUNT,
      toName: 'Lucky Wallet',
      amountText: '9,999.00 THB',
      dateText: '2026-11-22 10:00',
      transRef,
      qrPayload: slipVerify({ sendingBank: '014', transRef }),
    });
    // A well-formed slip code of a transfer no bank made: the verifier does not know it.
    const forged = await renderSlipImage(drawing('20261122FORGED000001'));
    await refusedWith(await upload(token, forged), 422, 'INVALID_SLIP');

    const two = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#ffffff' } })
      .composite([
        { input: await renderSlipImage(drawing('20261122AAAAAAAA0001')), left: 0, top: 0 },
        { input: await renderSlipImage(drawing('20261122BBBBBBBB0002')), left: 600, top: 0 },
      ])
      .jpeg({ quality: 85 })
      .toBuffer();
    await refusedWith(await upload(token, two), 422, 'UNSTABLE_REFNO_ON_SLIP');
    expect((await walletOf(test.app, token)).wallet).toBe(0);
  });

  it('refuses what is not a slip image by its bytes, and keeps nothing of it', async () => {
    const { token, slip } = await memberWithSlip(5_000);
    await refusedWith(
      await upload(token, Buffer.from('<html><script>alert(1)</script></html>')),
      400,
      'SLIP_INVALID_FILE',
    );
    // A real slip with a ZIP archive after it (a polyglot): refused, though its QR code reads.
    const polyglot = Buffer.concat([slip, Buffer.from('504b0304140000000800', 'hex'), Buffer.alloc(64, 1)]);
    await refusedWith(await upload(token, polyglot), 400, 'SLIP_INVALID_FILE');
    // A PNG declaring 30000 x 30000 pixels in a few hundred bytes: refused before decoding.
    const bomb = Buffer.from(slip.subarray(0, 33));
    bomb.writeUInt32BE(30_000, 16);
    bomb.writeUInt32BE(30_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29); // the IHDR chunk's CRC, made right again
    await refusedWith(
      await upload(token, Buffer.concat([bomb, slip.subarray(33)])),
      413,
      'IMG_SIZE_UNABLE_TO_PROCESS',
    );
    const oversize = Buffer.concat([slip, Buffer.alloc(MAX_BYTES)]);
    await refusedWith(await upload(token, oversize), 413, 'PAYLOAD_TOO_LARGE');
    await refusedWith(await upload(token, slip, { field: 'picture' }), 400, 'SLIP_NO_FILE');
    expect((await slipsOf(token)).total).toBe(0);
    // The slip itself is still good.
    expect((await upload(token, slip)).statusCode).toBe(200);
  });

  it('refuses uploads during the daily closed window', async () => {
    const { token, slip } = await memberWithSlip(5_000);
    // A window from an hour ago to an hour from now, Bangkok time (over midnight or not).
    const bangkok = (offsetMinutes: number) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Asia/Bangkok',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(new Date(Date.now() + offsetMinutes * 60_000));
    await setSlipWindow(bangkok(-60), bangkok(60));
    try {
      await refusedWith(await upload(token, slip), 403, 'SLIP_UPLOAD_CLOSED');
    } finally {
      await setSlipWindow(null, null);
    }
    expect((await upload(token, slip)).statusCode).toBe(200);
  });
});
