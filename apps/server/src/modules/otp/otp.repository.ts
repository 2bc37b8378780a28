import { and, count, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { otpRequests, phoneVerifications } from './otp.tables';

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** The only code that reads or writes the OTP tables. */
export function createOtpRepository(db: Database) {
  const queries = (tx: Executor) => ({
    /** Serialises sends for one phone and one address across processes, until the transaction ends. */
    async lockSender(phone: string, address: string) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp-address:${address}`}))`);
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp-phone:${phone}`}))`);
    },
    async verificationOf(phone: string, now: Date) {
      const [row] = await tx
        .select()
        .from(phoneVerifications)
        .where(and(eq(phoneVerifications.phone, phone), gt(phoneVerifications.expiresAt, now)));
      return row ?? null;
    },
    async latestFor(phone: string) {
      const [row] = await tx
        .select({ createdAt: otpRequests.createdAt })
        .from(otpRequests)
        .where(eq(otpRequests.phone, phone))
        .orderBy(desc(otpRequests.createdAt))
        .limit(1);
      return row ?? null;
    },
    async countForPhoneSince(phone: string, since: Date) {
      const [row] = await tx
        .select({ n: count() })
        .from(otpRequests)
        .where(and(eq(otpRequests.phone, phone), gt(otpRequests.createdAt, since)));
      return row?.n ?? 0;
    },
    async countForAddressSince(address: string, since: Date) {
      const [row] = await tx
        .select({ n: count() })
        .from(otpRequests)
        .where(and(eq(otpRequests.clientAddress, address), gt(otpRequests.createdAt, since)));
      return row?.n ?? 0;
    },
    async insert(values: typeof otpRequests.$inferInsert) {
      await tx.insert(otpRequests).values(values);
    },
    async findForUpdate(tokenHash: string) {
      const [row] = await tx
        .select()
        .from(otpRequests)
        .where(eq(otpRequests.tokenHash, tokenHash))
        .for('update');
      return row ?? null;
    },
    async countAttempt(id: number) {
      await tx
        .update(otpRequests)
        .set({ attempts: sql`${otpRequests.attempts} + 1` })
        .where(eq(otpRequests.id, id));
    },
    async markVerified(id: number, phone: string, tokenHash: string, now: Date, until: Date) {
      await tx.update(otpRequests).set({ verifiedAt: now }).where(eq(otpRequests.id, id));
      await tx
        .insert(phoneVerifications)
        .values({ phone, tokenHash, verifiedAt: now, expiresAt: until })
        .onConflictDoUpdate({
          target: phoneVerifications.phone,
          set: { tokenHash, verifiedAt: now, expiresAt: until },
        });
    },
    /** A right password-reset code: usable to set a password until `until`. */
    async markResetVerified(id: number, now: Date, until: Date) {
      await tx.update(otpRequests).set({ verifiedAt: now, expiresAt: until }).where(eq(otpRequests.id, id));
    },
    /** A password-reset code used up: it expires now (the row stays, so the daily limits still count it). */
    async expire(id: number, now: Date) {
      await tx.update(otpRequests).set({ expiresAt: now }).where(eq(otpRequests.id, id));
    },
    async deleteVerification(phone: string) {
      await tx.delete(phoneVerifications).where(eq(phoneVerifications.phone, phone));
    },
  });

  return {
    ...queries(db),
    /** Deletes code requests older than `before` and verifications that expired before it. */
    async purge(before: Date): Promise<number> {
      const requests = await db
        .delete(otpRequests)
        .where(lt(otpRequests.createdAt, before))
        .returning({ id: otpRequests.id });
      const verifications = await db
        .delete(phoneVerifications)
        .where(lt(phoneVerifications.expiresAt, before))
        .returning({ phone: phoneVerifications.phone });
      return requests.length + verifications.length;
    },
    /** Runs `work` in one transaction with the same queries. */
    transaction<T>(work: (q: ReturnType<typeof queries>) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(queries(tx as unknown as Executor)));
    },
    async deleteRequest(tokenHash: string) {
      await db.delete(otpRequests).where(eq(otpRequests.tokenHash, tokenHash));
    },
  };
}
