import { CircleCheck, Clock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MoneyResult as Result } from '@wallet/contract/http/wallet';
import { Button } from '../../components/ui/button';

/**
 * What became of a transfer or withdrawal. PENDING is not a failure: the outside system has not
 * answered yet, the money is held, and the balance updates once it does; say so calmly.
 */
export function MoneyResult({
  status,
  title,
  text,
  children,
  onDone,
}: {
  status: Result['status'];
  title: string;
  text: string;
  /** What follows the words (a withdrawal's receipt), before Done. */
  children?: ReactNode;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const pending = status === 'PENDING';
  const Icon = pending ? Clock : CircleCheck;
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-2 text-center">
      <span
        className={`inline-flex size-16 items-center justify-center rounded-full ${
          pending ? 'bg-amber-400/15 text-amber-400' : 'bg-mint-400/15 text-mint-400'
        }`}
      >
        <Icon className="size-9" aria-hidden="true" />
      </span>
      <p className="text-lg font-semibold">{title}</p>
      <p className="text-[15px] text-mist-300">{text}</p>
      {children ? <div className="w-full text-left">{children}</div> : null}
      <Button block className="mt-2" onClick={onDone}>
        {t('action.done')}
      </Button>
    </div>
  );
}
