import type { StatementResponse, StatementRow, StatementType } from '@wallet/contract/http/statement';
import { STATEMENT_TYPES } from '@wallet/contract/http/statement';
import type { MinorUnits } from '@wallet/contract/money';
import type { LedgerService, StatementLine } from '../ledger/ledger.service';

export interface StatementServiceOptions {
  ledger: LedgerService;
}

interface StatementMetadata {
  type?: string;
  from?: string;
  to?: string;
}

function rowOf(line: StatementLine): StatementRow {
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
  };
}

/** The member's statement: a view over the ledger (spec sections 3 and 7, Statement). */
export function createStatementService(options: StatementServiceOptions) {
  return {
    async statement(memberId: number, page: number, limit: number): Promise<StatementResponse> {
      const keys = await options.ledger.memberAccountKeys(memberId);
      const { total, lines } = await options.ledger.statementOf(keys, { offset: (page - 1) * limit, limit });
      return { total, statements: lines.map(rowOf) };
    },
  };
}

export type StatementService = ReturnType<typeof createStatementService>;
