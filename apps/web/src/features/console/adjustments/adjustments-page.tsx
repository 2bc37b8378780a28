import { useState } from 'react';
import type { AdjustmentStatus } from '@wallet/contract/http/adjustment';
import { useConsoleTranslation } from '../console-texts';
import { perCurrencyText } from '../per-currency-fields';
import { AdjustmentForm } from './adjustment-form';
import { AdjustmentList } from './adjustment-list';
import { useAdjustments } from './adjustments-api';

/**
 * Balance adjustments (decision 046): the maker's form beside the checkers' queue. The server
 * decides what waits (above the setting) and refuses a maker's own approval; this page only hides
 * what the staff member cannot do.
 */
export function AdjustmentsPage() {
  const { t } = useConsoleTranslation();
  const [status, setStatus] = useState<AdjustmentStatus>('awaiting_approval');
  // The threshold comes with every page of the list (the first page is cached already).
  const approvalOver = useAdjustments('awaiting_approval', 1).data?.approvalOver ?? null;

  return (
    <div className="h-full overflow-y-auto">
      <div className="mx-auto max-w-6xl px-3 py-5 sm:px-6">
        <h1 className="text-xl font-bold tracking-tight">{t('adjustments.title')}</h1>
        {approvalOver !== null ? (
          <p className="mt-1 text-sm text-mist-400">
            {t('adjustments.intro', { limit: perCurrencyText(approvalOver) })}
          </p>
        ) : null}
        <div className="mt-5 grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
          <div className="h-fit rounded-2xl border border-white/5 bg-ink-900/60 p-4">
            <AdjustmentForm approvalOver={approvalOver} />
          </div>
          <AdjustmentList status={status} onStatus={setStatus} />
        </div>
      </div>
    </div>
  );
}
