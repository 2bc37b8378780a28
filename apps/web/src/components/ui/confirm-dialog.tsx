import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

export interface ConfirmDialogProps {
  open: boolean;
  /** Esc, Back and the close button: the member changed their mind. */
  onClose: () => void;
  title: ReactNode;
  /** What will happen, to whose money; rendered only while open. */
  children: ReactNode;
  /** The main button: the action asked about. */
  confirmLabel: string;
  onConfirm: () => void;
  /** While the action is on its way: the main button spins and cannot be tapped again. */
  pending?: boolean;
  /** `danger` for what cannot be undone (a cancel that takes money back). */
  tone?: 'primary' | 'danger';
  /** The other button; `onCancel` defaults to onClose. */
  cancelLabel: string;
  onCancel?: () => void;
  /**
   * `side`: the other button left, the main one right, each half the width. `stacked`: the main
   * button above the other, each the whole width, for long Thai and Lao labels.
   */
  layout?: 'side' | 'stacked';
  /** Said above the buttons (a refusal of the last try). */
  notice?: ReactNode;
}

/**
 * Every "are you sure?" of the site: a dialog with what will happen and two buttons. Built on
 * Dialog, so it may open over another dialog and Back closes it (decision 025).
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  children,
  confirmLabel,
  onConfirm,
  pending = false,
  tone = 'primary',
  cancelLabel,
  onCancel = onClose,
  layout = 'side',
  notice,
}: ConfirmDialogProps) {
  const main = (
    <Button
      block
      variant={tone}
      className={layout === 'side' ? 'flex-1 px-3' : undefined}
      loading={pending}
      onClick={onConfirm}
    >
      {confirmLabel}
    </Button>
  );
  const other = (
    <Button
      block
      variant="secondary"
      className={layout === 'side' ? 'flex-1 px-3' : undefined}
      onClick={onCancel}
    >
      {cancelLabel}
    </Button>
  );
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      footer={
        layout === 'side' && !notice ? (
          <>
            {other}
            {main}
          </>
        ) : (
          <div className="w-full space-y-3">
            {notice}
            {layout === 'side' ? (
              <div className="flex gap-3">
                {other}
                {main}
              </div>
            ) : (
              <>
                {main}
                {other}
              </>
            )}
          </div>
        )
      }
    >
      {open ? children : null}
    </Dialog>
  );
}
