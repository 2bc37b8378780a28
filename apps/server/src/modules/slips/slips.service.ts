import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { SlipNote } from '@wallet/contract/errors';
import type {
  SlipRow,
  SlipStatementResponse,
  SlipUploadResult,
  SlipWindow,
} from '@wallet/contract/http/deposit';
import type { Currency, MinorUnits } from '@wallet/contract/money';
import {
  accountMatches,
  nameMatches,
  normalizeReference,
  type SlipParty,
  type SlipVerifier,
} from '../../adapters/slip-verifier/slip-verifier';
import { sameSecret } from '../../platform/crypto';
import type { Database } from '../../platform/db/database';
import { uniqueViolation } from '../../platform/db/unique-violation';
import { AppError } from '../../platform/errors';
import { accountKey, type LedgerService, type TransferRequest } from '../ledger/ledger.service';
import { signedSlipImageLink, slipImageSignature } from './slip-image-link';
import type { SlipReader } from './slip-reader';
import { insideClosedWindow } from './slip-window';
import { slipUploads } from './slips.tables';

/**
 * The credit of a bank transfer by slip: keyed by its reference (upper case), so the member's
 * upload and staff's decision on a slip kept for review can only ever make it once (decision 049).
 */
export function slipCredit(
  memberId: number,
  reference: string,
  amount: bigint,
  currency: string,
): TransferRequest {
  return {
    idempotencyKey: `deposit:slip:${reference}`,
    debit: accountKey.operator('cash_in', currency),
    credit: accountKey.wallet(memberId),
    amount,
    kind: 'deposit',
    metadata: { memberId, slip: reference, statement: { type: 'deposit', from: 'bank', to: 'wallet' } },
  };
}

/** Notes of slips kept for staff (status REVIEW) rather than refused for good. */
export const REVIEWED_NOTES: readonly SlipNote[] = [
  'SENDER_UNCONFIRMED',
  'DEST_ACC_TAKES_BAHT',
  'DEST_ACC_TAKES_KIP',
  'SENDER_ACC_OTHER_CURRENCY',
];

export interface SlipsOptions {
  db: Database;
  ledger: LedgerService;
  verifier: SlipVerifier;
  rules: () => Promise<SlipWindow & { maxAgeMinutes: number; timeZone: string }>;
  /** The operator's receiving accounts. */
  depositAccounts: () => Promise<{ bankCode: string; accountNo: string; currency: string }[]>;
  /** The member's currency and registered bank account, and since when it is as it stands. */
  moneyProfile: (memberId: number) => Promise<{
    currency: string;
    /** `currency`: the registered account's (decision 069). */
    bank: { code: string; accountNo: string; accountName: string; currency?: string; since: Date };
  }>;
  /** Reads uploads in worker threads (slip-reader.ts). */
  reader: SlipReader;
  /** Signs the short-lived links to slip images. */
  linkSecret: string;
  log: { warn: (details: object, message: string) => void };
  now?: () => Date;
}

/**
 * Bank-transfer deposits by slip (spec sections 2, 3, 7 and 8): the slip image is checked by its
 * bytes, its QR code read, the transfer verified with the bank's verification service, then the
 * wallet is credited once per bank transfer (ledger key deposit:slip:<REFERENCE>, upper case),
 * however many copies of the slip are uploaded, by whom, in which letter case, at the same moment
 * or not; and only to the member the verifier names as the sender (docs/decisions/014).
 */
export function createSlipsService(options: SlipsOptions) {
  const { db, ledger } = options;
  const now = options.now ?? (() => new Date());

  /** An upload that was read; `image` is the re-encoded copy kept of it. */
  type Upload = { memberId: number; image: Buffer; imageType: string };
  /** What a slip says and, once verified, what the verifier told of it (kept for staff). */
  type SlipFacts = {
    sendingBank?: string;
    reference?: string;
    amount?: bigint;
    sender?: SlipParty;
    paidAt?: Date;
    unconfirmed?: 'bank_changed_after' | 'name_differs';
    /**
     * The currency the money was in, where it is not the wallet's: our account's it went to, or
     * the member's own account's it left.
     */
    currency?: string;
  };

  async function record(
    upload: Upload,
    outcome: SlipFacts & { status: 'SUCCESS' | 'FAILED' | 'REVIEW'; note?: SlipNote },
  ) {
    await db.insert(slipUploads).values({
      memberId: upload.memberId,
      status: outcome.status,
      note: outcome.note ?? null,
      amount: outcome.amount ?? null,
      sendingBank: outcome.sendingBank ?? null,
      reference: outcome.reference ?? null,
      sender: outcome.sender
        ? {
            bankCode: outcome.sender.bankCode,
            accountNo: outcome.sender.accountNo,
            names: outcome.sender.names,
          }
        : null,
      paidAt: outcome.paidAt ?? null,
      unconfirmed: outcome.unconfirmed ?? null,
      currency: outcome.currency ?? null,
      // Only an image with a bank reference can ever be shown (links go by reference): the bytes
      // of one without are not kept.
      image: outcome.reference ? upload.image : Buffer.alloc(0),
      imageType: upload.imageType,
    });
  }

  /** A slip that was read but fails: kept with its note (the member sees it), then refused. */
  async function refuse(upload: Upload, note: SlipNote, slip: SlipFacts = {}): Promise<never> {
    // REVIEW: nothing moved, staff decide; the member is told why as for a refusal.
    await record(upload, { status: REVIEWED_NOTES.includes(note) ? 'REVIEW' : 'FAILED', note, ...slip });
    throw new AppError(note, note === 'SLIP_REFNO_DUPLICATED' ? 409 : 422);
  }

  /** The credited upload of a bank reference, in any letter case (the unique index's expression). */
  const creditedUpload = (reference: string) =>
    db
      .select({ memberId: slipUploads.memberId })
      .from(slipUploads)
      .where(and(sql`upper(${slipUploads.reference}) = ${reference}`, eq(slipUploads.status, 'SUCCESS')));

  /**
   * A credit of this transfer under a ledger key of before references were upper case: the
   * reference as it was read (deposit:slip:abc), which may be as read now or as the bank writes it.
   */
  async function legacyCredit(references: string[], keyed: string) {
    for (const reference of new Set(references)) {
      if (reference === keyed) continue;
      const credit = await ledger.findTransfer(`deposit:slip:${reference}`);
      if (credit) return credit;
    }
    return null;
  }

  /** The SUCCESS row of a credited upload, which the database allows once per reference. */
  async function succeed(
    upload: Upload,
    slip: SlipFacts & { reference: string; amount: bigint },
  ): Promise<SlipUploadResult> {
    try {
      await record(upload, { status: 'SUCCESS', ...slip });
    } catch (error) {
      if (!uniqueViolation(error)) throw error;
      return refuse(upload, 'SLIP_REFNO_DUPLICATED', slip);
    }
    return { status: 'SUCCESS', amount: Number(slip.amount) as MinorUnits, reference: slip.reference };
  }

  /**
   * NOTE: rows stored before only re-encoded pixels were kept hold the upload's own bytes (a ZIP in
   * a private PNG chunk went along): their pixels are re-encoded on first showing and stored back;
   * an image that no longer passes is dropped. The upload's bytes are never served.
   */
  async function reencodeStored(id: number, bytes: Buffer): Promise<{ image: Buffer; type: string }> {
    const made = await options.reader.reencode(bytes);
    // Not now (the pool's time limit): nothing stored, the next showing tries again.
    if (!made.ok && made.reason === 'READ_TIME_LIMIT') throw new AppError('SLIP_UPLOAD_BUSY', 503);
    if (!made.ok) options.log.warn({ slipUpload: id, reason: made.reason }, 'stored slip image dropped');
    const kept = made.ok
      ? { image: Buffer.from(made.image), type: made.type }
      : { image: Buffer.alloc(0), type: 'unknown' };
    await db
      .update(slipUploads)
      .set({ image: kept.image, imageType: kept.type, imageReencoded: true })
      .where(and(eq(slipUploads.id, id), eq(slipUploads.imageReencoded, false)));
    return kept;
  }

  const signature = (id: number, expires: number) => slipImageSignature(options.linkSecret, id, expires);

  return {
    async upload(memberId: number, bytes: Buffer): Promise<SlipUploadResult> {
      const rules = await options.rules();
      if (insideClosedWindow(now(), rules)) throw new AppError('SLIP_UPLOAD_CLOSED', 403);

      const reading = await options.reader.read(bytes);
      if (!reading.ok) {
        // Not an image we take: refused as a file, nothing kept.
        if (reading.reason === 'NOT_AN_IMAGE' || reading.reason === 'MALFORMED') {
          throw new AppError('SLIP_INVALID_FILE', 400);
        }
        if (reading.reason === 'TOO_LARGE' || reading.reason === 'TOO_MANY_PIXELS') {
          throw new AppError('IMG_SIZE_UNABLE_TO_PROCESS', 413);
        }
        if (reading.reason === 'READ_TIME_LIMIT')
          options.log.warn({ memberId }, 'slip read past its time limit');
        return refuse({ memberId, image: Buffer.alloc(0), imageType: 'unknown' }, reading.note);
      }
      const upload: Upload = { memberId, image: Buffer.from(reading.image), imageType: reading.type };
      // NOTE: a bank transfer is known by its reference alone, in any letter case: the sending
      // bank's code is read from the same QR code, and anyone can re-make a code with a valid
      // checksum, another bank or the reference in lower case; neither may make another credit.
      const read = { sendingBank: reading.sendingBank, reference: normalizeReference(reading.transRef) };
      const [credited] = await creditedUpload(read.reference);
      if (credited) return refuse(upload, 'SLIP_REFNO_DUPLICATED', read);

      let verdict;
      try {
        verdict = await options.verifier.verify({
          sendingBank: read.sendingBank,
          transRef: reading.transRef,
        });
      } catch (error) {
        options.log.warn({ err: error, reference: read.reference }, 'slip verifier unavailable');
        throw new AppError('SLIP_UPLOAD_FAIL', 502);
      }
      if (verdict.status === 'not_found') return refuse(upload, 'INVALID_SLIP', read);
      // From here the bank's own writing of the reference (the same letters, see the verifier).
      const slip = { sendingBank: read.sendingBank, reference: normalizeReference(verdict.reference) };
      // Kept on the row whatever follows: staff reviewing it see what the verifier said.
      const found = { ...slip, amount: verdict.amount, sender: verdict.sender, paidAt: verdict.paidAt };

      // NOTE: until references were upper case the ledger key was the reference as read. A credit
      // made then whose SUCCESS row was never written (a crash between the two) is finished, not
      // made again under the new key; someone else's is a duplicate.
      const legacy = await legacyCredit([reading.transRef, verdict.reference], slip.reference);
      if (legacy) {
        if (legacy.metadata.memberId !== memberId) return refuse(upload, 'SLIP_REFNO_DUPLICATED', found);
        return succeed(upload, { ...found, amount: legacy.amount });
      }

      const profile = await options.moneyProfile(memberId);
      // The money must have gone to one of the operator's accounts in the member's currency: the
      // receiving bank named by the verifier and the digits it shows must both agree.
      const receivers = (await options.depositAccounts()).filter(
        (account) =>
          verdict.receiver.bankCode === account.bankCode &&
          accountMatches(verdict.receiver.accountNo, account.accountNo),
      );
      if (receivers.length === 0) return refuse(upload, 'DEST_ACC_INVALID', found);
      // NOTE: money sent to our account of another currency (a kip member's BCEL transfer to the
      // baht account) did arrive, but is not the amount in the wallet's currency: nothing credited,
      // the slip kept for staff (who return it), the member told to contact support (decision 069).
      if (!receivers.some((account) => account.currency === profile.currency)) {
        const other = receivers[0]!.currency;
        const note = other === 'LAK' ? 'DEST_ACC_TAKES_KIP' : 'DEST_ACC_TAKES_BAHT';
        return refuse(upload, note, { ...found, currency: other });
      }
      // The sender must be the member's registered account by everything the verifier tells of
      // it: a bank and four digits are shared by many accounts (another member's among them).
      const sender = verdict.sender;
      const senderAccountOk =
        sender.bankCode === profile.bank.code && accountMatches(sender.accountNo, profile.bank.accountNo);
      if (!senderAccountOk) return refuse(upload, 'NOT_MATCH', found);
      if (now().getTime() - verdict.paidAt.getTime() > rules.maxAgeMinutes * 60_000) {
        return refuse(upload, 'EXPIRED_SLIP', found);
      }
      // NOTE: the money left the member's account in another currency than the wallet's: told by
      // the verifier when it names the transfer's currency (whatever the account was registered
      // as), else by the account's registered currency (a baht wallet may register a BCEL kip
      // account). ₭1,000,000 is not ฿1,000,000: nothing credited, kept for staff as
      // DEST_ACC_TAKES_* are.
      const paidIn = verdict.currency ?? profile.bank.currency;
      if (paidIn !== undefined && paidIn !== profile.currency) {
        return refuse(upload, 'SENDER_ACC_OTHER_CURRENCY', { ...found, currency: paidIn });
      }
      // NOTE: a sender that is not confirmed credits nobody: not this member (it may be someone
      // else's slip), and not refused for good either (it may be theirs, named in another script):
      // staff review it. The slip's owner can still upload it and be credited.
      // The account must have been the member's as it stands before the money left it: its number
      // and name are what the member typed in (at registration, or a change of name), and someone
      // holding another's slip could type in just what the verifier shows of its sender.
      if (profile.bank.since.getTime() >= verdict.paidAt.getTime()) {
        options.log.warn(
          { memberId, reference: slip.reference, bankSince: profile.bank.since, paidAt: verdict.paidAt },
          'slip sender unconfirmed: the bank account was registered or changed after the transfer',
        );
        return refuse(upload, 'SENDER_UNCONFIRMED', { ...found, unconfirmed: 'bank_changed_after' });
      }
      if (!sender.names.some((name) => nameMatches(name, profile.bank.accountName))) {
        return refuse(upload, 'SENDER_UNCONFIRMED', { ...found, unconfirmed: 'name_differs' });
      }

      // NOTE: the credit first, keyed by the bank transfer, then the SUCCESS row, which the
      // database allows once per reference: of uploads racing past the check above, one gets the
      // row and the answer SUCCESS, the others SLIP_REFNO_DUPLICATED. A crash between the two is
      // finished by the member's next upload of the slip (the credit is theirs: it replays).
      const currency = profile.currency as Currency;
      const wallet = accountKey.wallet(memberId);
      await ledger.openAccount(wallet, currency);
      try {
        await ledger.transfer(slipCredit(memberId, slip.reference, verdict.amount, currency));
      } catch (error) {
        // The ledger holds another movement under this key: another member's credit (the slip is
        // theirs), or the same credit with another amount. Either way this upload moves nothing.
        if (error instanceof AppError && error.code === 'IDEMPOTENCY_KEY_REUSED') {
          return refuse(upload, 'SLIP_REFNO_DUPLICATED', found);
        }
        throw error;
      }
      return succeed(upload, found);
    },

    async statement(memberId: number, page: number, limit: number): Promise<SlipStatementResponse> {
      const [total] = await db
        .select({ value: count() })
        .from(slipUploads)
        .where(eq(slipUploads.memberId, memberId));
      const rows = await db
        .select({
          createdAt: slipUploads.createdAt,
          amount: slipUploads.amount,
          currency: slipUploads.currency,
          status: slipUploads.status,
          note: slipUploads.note,
          reference: slipUploads.reference,
        })
        .from(slipUploads)
        .where(eq(slipUploads.memberId, memberId))
        .orderBy(desc(slipUploads.id))
        .limit(limit)
        .offset((page - 1) * limit);
      return {
        total: total?.value ?? 0,
        slips: rows.map((row): SlipRow => ({
          createdAt: row.createdAt.toISOString(),
          amount: row.amount === null ? null : (Number(row.amount) as MinorUnits),
          currency: row.currency as Currency | null,
          status: row.status,
          note: row.note as SlipNote | null,
          reference: row.reference,
          link: row.reference ? `/api/statement/slip/reference/${encodeURIComponent(row.reference)}` : null,
        })),
      };
    },

    /** A short-lived link to the member's own latest upload of this reference. */
    async imageLink(memberId: number, reference: string): Promise<string> {
      const [row] = await db
        .select({ id: slipUploads.id })
        .from(slipUploads)
        .where(and(eq(slipUploads.memberId, memberId), eq(slipUploads.reference, reference)))
        .orderBy(desc(slipUploads.id))
        .limit(1);
      if (!row) throw new AppError('NO_DATA', 404);
      return signedSlipImageLink(options.linkSecret, row.id, now());
    },

    /** The image a signed link names, while the link lasts. */
    async image(id: number, expires: number, given: string): Promise<{ bytes: Buffer; type: string }> {
      if (expires < now().getTime() / 1000 || !sameSecret(given, signature(id, expires))) {
        throw new AppError('NO_DATA', 404);
      }
      const [row] = await db
        .select({
          image: slipUploads.image,
          type: slipUploads.imageType,
          reencoded: slipUploads.imageReencoded,
        })
        .from(slipUploads)
        .where(eq(slipUploads.id, id));
      if (!row) throw new AppError('NO_DATA', 404);
      const stored = row.reencoded || row.image.length === 0 ? row : await reencodeStored(id, row.image);
      const type = stored.type === 'png' ? 'image/png' : stored.type === 'jpeg' ? 'image/jpeg' : null;
      if (!type || stored.image.length === 0) throw new AppError('NO_DATA', 404);
      return { bytes: stored.image, type };
    },
  };
}

export type SlipsService = ReturnType<typeof createSlipsService>;
