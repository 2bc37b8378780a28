import { isDeepStrictEqual } from 'node:util';
import { eq } from 'drizzle-orm';
import { isErrorCode } from '@wallet/contract/errors';
import {
  InviteProgramSettings,
  RefundProgramSettings,
  type ConsolePrograms,
  type ProgramUpdateRequest,
} from '@wallet/contract/http/console-offers';
import type { Database } from '../../../platform/db/database';
import { AppError } from '../../../platform/errors';
import { plainText } from '../../../platform/sanitize-html';
import type { Executor } from '../engine/grants.service';
import { InviteSettings, RefundSettings } from './rewards-settings';
import { rewardPrograms } from './rewards.tables';

type Name = 'invite' | 'refund';
export type ProgramAuditIn = (tx: Executor, detail: { before: unknown; after: unknown }) => Promise<void>;

const schemaOf = (name: Name) => (name === 'invite' ? InviteProgramSettings : RefundProgramSettings);

function checked(name: Name, settings: unknown) {
  const parsed = schemaOf(name).safeParse(settings);
  if (!parsed.success)
    throw new AppError(
      parsed.error.issues.map((issue) => issue.message).find(isErrorCode) ?? 'INVALID_INPUT',
      400,
    );
  // The programmes read their settings by the server's own schemas (rewards-settings.ts): what is
  // saved must read back, or the programme would switch itself off.
  const stored = (name === 'invite' ? InviteSettings : RefundSettings).safeParse(parsed.data);
  if (!stored.success) throw new AppError('INVALID_INPUT', 400);
  const names = parsed.data.names;
  return {
    ...parsed.data,
    names: { th: plainText(names.th), lo: plainText(names.lo), en: plainText(names.en) },
  };
}

/**
 * The invite bonus and the loss refund as staff switch and set them (issue 28 section 1, decision
 * 057 over 020): each change checked whole, under the programme's row lock, audited before -> after
 * in its transaction. Grants already made keep their terms; a closing hour or period moved is
 * handled by the periods' closing (decision 020: each hour counted once).
 */
export function createProgramsDesk(db: Database) {
  return {
    async read(): Promise<ConsolePrograms> {
      const rows = await db.select().from(rewardPrograms);
      const of = (name: Name) => {
        const row = rows.find((one) => one.name === name);
        if (!row) throw new AppError('NO_DATA', 404);
        return { active: row.active, settings: row.settings };
      };
      // NOTE: read back through the contract's schema by the route's answer; a row edited by hand
      // into nonsense answers 500 here rather than showing staff what no member is paid by.
      return { invite: of('invite'), refund: of('refund') } as unknown as ConsolePrograms;
    },

    async save(name: Name, change: ProgramUpdateRequest, audit: ProgramAuditIn) {
      const settings = checked(name, change.settings);
      return db.transaction(async (transaction) => {
        const tx = transaction as unknown as Executor;
        const [row] = await tx
          .select()
          .from(rewardPrograms)
          .where(eq(rewardPrograms.name, name))
          .for('update');
        if (!row) throw new AppError('NO_DATA', 404);
        const before = { active: row.active, settings: row.settings };
        const after = { active: change.active, settings };
        await tx
          .update(rewardPrograms)
          .set({ active: after.active, settings: after.settings, updatedAt: new Date() })
          .where(eq(rewardPrograms.name, name));
        if (!isDeepStrictEqual(before, after)) {
          const keys = [...new Set([...Object.keys(before.settings), ...Object.keys(after.settings)])].filter(
            (key) =>
              !isDeepStrictEqual(before.settings[key], (after.settings as Record<string, unknown>)[key]),
          );
          const pick = (side: typeof before) => ({
            ...(before.active === after.active ? {} : { active: side.active }),
            ...Object.fromEntries(keys.map((key) => [key, side.settings[key]])),
          });
          await audit(tx, { before: pick(before), after: pick(after) });
        }
        return after;
      });
    },
  };
}
