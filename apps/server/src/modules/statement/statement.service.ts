import type {
  AdjustmentReason,
  StatementResponse,
  StatementRow,
  StatementType,
} from '@wallet/contract/http/statement';
import { ADJUSTMENT_REASONS, STATEMENT_TYPES } from '@wallet/contract/http/statement';
import type { Locale } from '@wallet/contract/constants';
import type { MinorUnits } from '@wallet/contract/money';
import { accountKey, type LedgerService, type StatementLine } from '../ledger/ledger.service';

export interface StatementServiceOptions {
  ledger: LedgerService;
  /**
   * Why staff refused these withdrawals (by hold key), in `locale`: the detail of their rows.
   * Keys of withdrawals not refused are left out.
   */
  refusalsOf?: (holdKeys: string[], locale: Locale) => Promise<Map<string, string>>;
}

/** The kinds of detail a statement row may carry (spec section 3, statement). */
const DETAIL_KINDS = ['bonus', 'promotion', 'invite', 'refund', 'luckydraw'] as const;
type DetailKind = (typeof DETAIL_KINDS)[number];

interface StatementMetadata {
  type?: string;
  from?: string;
  to?: string;
  /** What a reward's movement was for: its offer's name in each language (promotions module). */
  detail?: { kind?: string; names?: Partial<Record<Locale, string>> };
  /** A balance adjustment's member-facing reason (adjustments module, decision 046). */
  adjustment?: { reason?: string };
}

/** A withdrawal's bank account, as its hold recorded it (withdrawals module): its receipt's. */
function bankOf(line: StatementLine): { bank?: { code: string; accountNo: string } } {
  const bank = line.metadata.bank as { code?: unknown; accountNo?: unknown } | undefined;
  return typeof bank?.code === 'string' && typeof bank.accountNo === 'string'
    ? { bank: { code: bank.code, accountNo: bank.accountNo } }
    : {};
}

/** An adjustment's reason, as the member site translates it; a reason it does not know is left out. */
function adjustmentOf(meta: StatementMetadata): { adjustment?: { reason: AdjustmentReason } } {
  const reason = meta.adjustment?.reason;
  return ADJUSTMENT_REASONS.includes(reason as AdjustmentReason)
    ? { adjustment: { reason: reason as AdjustmentReason } }
    : {};
}

/** The row's detail ({description} in the member's language) under the key of its kind. */
function detailOf(
  meta: StatementMetadata,
  locale: Locale,
): Partial<Record<DetailKind, { description: string }>> {
  const kind = meta.detail?.kind;
  if (!kind || !(DETAIL_KINDS as readonly string[]).includes(kind)) return {};
  const description = meta.detail?.names?.[locale] ?? meta.detail?.names?.en ?? '';
  return { [kind as DetailKind]: { description } };
}

function rowOf(line: StatementLine, locale: Locale, refusals: Map<string, string>): StatementRow {
  const meta = (line.metadata.statement ?? {}) as StatementMetadata;
  const type = STATEMENT_TYPES.includes(meta.type as StatementType)
    ? (meta.type as StatementType)
    : 'transfer';
  return {
    id: String(line.id),
    statementType: type,
    // A plain transfer is done when it is written; a hold is done when it is posted.
    status:
      line.hold === null || line.hold === 'posted'
        ? 'SUCCESS'
        : line.hold === 'voided'
          ? 'FAILED'
          : 'PENDING',
    from: meta.from ?? '',
    to: meta.to ?? '',
    amount: Number(line.amount) as MinorUnits,
    createdAt: line.createdAt.toISOString(),
    ...detailOf(meta, locale),
    ...(refusals.has(line.key) ? { refusal: { description: refusals.get(line.key)! } } : {}),
    ...adjustmentOf(meta),
    balanceAfter: line.walletAfter === null ? null : (Number(line.walletAfter) as MinorUnits),
    ...(type === 'withdraw' ? bankOf(line) : {}),
  };
}

/** The member's statement: a view over the ledger (spec sections 3 and 7, Statement). */
export function createStatementService(options: StatementServiceOptions) {
  /** The rows of lines, with the refusals of those that are refused withdrawals. */
  async function rowsOf(lines: StatementLine[], locale: Locale): Promise<StatementRow[]> {
    const voided = lines.filter((line) => line.hold === 'voided').map((line) => line.key);
    const refusals =
      voided.length > 0 && options.refusalsOf
        ? await options.refusalsOf(voided, locale)
        : new Map<string, string>();
    return lines.map((line) => rowOf(line, locale, refusals));
  }

  return {
    /** One page of the member's movements; of one type only when `type` is given. */
    async statement(
      memberId: number,
      { page, limit, type }: { page: number; limit: number; type?: StatementType },
      locale: Locale,
    ): Promise<StatementResponse> {
      const keys = await options.ledger.memberAccountKeys(memberId);
      const { total, lines } = await options.ledger.statementOf(
        keys,
        { offset: (page - 1) * limit, limit, type },
        accountKey.wallet(memberId),
      );
      return { total, statements: await rowsOf(lines, locale) };
    },

    /** The member's latest `limit` movements of one type, newest first (the console's view). */
    async latestOfType(
      memberId: number,
      type: StatementType,
      limit: number,
      locale: Locale,
    ): Promise<StatementRow[]> {
      const keys = await options.ledger.memberAccountKeys(memberId);
      const { lines } = await options.ledger.statementOf(
        keys,
        { offset: 0, limit, type },
        accountKey.wallet(memberId),
      );
      return rowsOf(lines, locale);
    },
  };
}

export type StatementService = ReturnType<typeof createStatementService>;
