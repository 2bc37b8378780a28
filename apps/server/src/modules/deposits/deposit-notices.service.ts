import type { DepositResult } from '@wallet/contract/http/deposit';
import type { Currency, MinorUnits } from '@wallet/contract/money';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { depositNotices } from './deposits.tables';

export interface DepositNoticesOptions {
  db: Database;
  manualDepositsOn: () => Promise<boolean>;
  currencyOf: (memberId: number) => Promise<Currency>;
}

/**
 * Manual deposit notices (POST /api/wallet/add): recorded for staff when the operator takes
 * them; they credit nothing by themselves (staff credit the wallet once they see the money).
 */
export function createDepositNoticesService(options: DepositNoticesOptions) {
  return {
    async notify(memberId: number, amount: number): Promise<DepositResult> {
      if (!(await options.manualDepositsOn())) throw new AppError('MANUAL_DEPOSIT_OFF', 403);
      const [notice] = await options.db
        .insert(depositNotices)
        .values({ memberId, amount: BigInt(amount), currency: await options.currencyOf(memberId) })
        .returning({ id: depositNotices.id });
      return { status: 'PENDING', reference: `notice-${notice!.id}`, amount: amount as MinorUnits };
    },
  };
}

export type DepositNoticesService = ReturnType<typeof createDepositNoticesService>;
