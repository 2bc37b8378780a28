import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useToast } from '../../components/ui/toast';
import { errorCodeOf } from '../../lib/api-client';
import { useSingleSubmit } from '../../lib/single-submit';
import { usePrizeText, type Prize } from './prize-text';
import { useClaimCoupon } from './spin-api';
import { useSpinTranslation } from './spin-texts';

/** Spec sections 5 and 9: the claim confirmation is debounced 500 ms. */
export const CLAIM_DEBOUNCE_MS = 500;

/** The coupon a claim confirm is about. */
export interface ClaimTarget extends Prize {
  coupon: string;
  /** The prize's label (the slice's, in the member's language). */
  name: string;
  /** The slice's colour, for the badge. */
  color?: string | undefined;
}

/**
 * Asks before a coupon's prize is claimed (spec section 2). The confirm is debounced: the claim
 * leaves 500 ms after the last tap, so a double tap claims once (and, while it runs, the single
 * submit keeps a late tap from sending another). Success: a toast and the dialog closes; a refusal
 * goes to the page's alert.
 */
export function ClaimDialog({
  target,
  onClose,
  onRefused,
}: {
  target: ClaimTarget | null;
  onClose: () => void;
  onRefused: (code: string) => void;
}) {
  const { t } = useSpinTranslation();
  const prizes = usePrizeText();
  const toast = useToast();
  const claim = useClaimCoupon();
  const once = useSingleSubmit();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [queued, setQueued] = useState(false);

  useEffect(() => () => clearTimeout(timer.current), []);

  const close = () => {
    // Closed within the 500 ms: nothing is claimed.
    clearTimeout(timer.current);
    setQueued(false);
    onClose();
  };

  const confirm = () => {
    if (!target) return;
    setQueued(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () =>
        once(async () => {
          try {
            const paid = await claim.mutateAsync(target.coupon);
            toast.show('success', prizes.doneText(paid), { after: 'close' });
            onClose();
          } catch (error) {
            onRefused(errorCodeOf(error));
          } finally {
            setQueued(false);
          }
        }),
      CLAIM_DEBOUNCE_MS,
    );
  };

  return (
    <ConfirmDialog
      open={target !== null}
      onClose={close}
      title={t('claim.title')}
      confirmLabel={t('claim.confirm')}
      pending={queued || claim.isPending}
      onConfirm={confirm}
      cancelLabel={t('claim.cancel')}
    >
      {target ? (
        <div className="space-y-4 text-center">
          <PrizeBadge name={target.name} color={target.color} />
          <p className="text-[28px] leading-tight font-bold text-gold-300 tabular-nums">
            {prizes.amount(target)}
          </p>
          <p className="text-[15px] text-mist-300">{prizes.claimText(target)}</p>
        </div>
      ) : null}
    </ConfirmDialog>
  );
}

/**
 * A prize's label, framed in its slice's colour (gold when the slice is not known). The text keeps
 * the dialog's own colours: a slice's colours are the operator's and may not read well at this size.
 */
export function PrizeBadge({ name, color }: { name: string; color?: string | undefined }) {
  const swatch = color ?? 'var(--color-gold-400)';
  return (
    <p
      className="mx-auto inline-flex max-w-full items-center gap-2.5 rounded-2xl border-2 bg-ink-900 px-4 py-2 text-xl leading-snug font-bold break-words text-snow shadow-lg"
      style={{ borderColor: swatch }}
    >
      <span
        aria-hidden="true"
        className="size-4 shrink-0 rounded-full border border-white/30"
        style={{ background: swatch }}
      />
      <span className="min-w-0">{name}</span>
    </p>
  );
}
