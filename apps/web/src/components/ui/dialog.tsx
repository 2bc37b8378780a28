import { X } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ToastViewport } from './toast';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Buttons along the bottom, outside the scrolling body. */
  footer?: ReactNode;
  /** Wide dialogs (videos) use the whole width of the phone. */
  size?: 'md' | 'lg';
}

/** Dialogs open now (a confirm may open over another): the page behind scrolls when none is. */
let openDialogs = 0;

/**
 * A modal on the native <dialog>: focus is trapped, Esc closes, the page behind does not
 * scroll, and only the body scrolls when the content is long.
 */
export function Dialog({ open, onClose, title, children, footer, size = 'md' }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const { t } = useTranslation();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!open) {
      if (dialog.open) dialog.close();
      return;
    }
    if (!dialog.open) {
      dialog.showModal();
      // NOTE: the browser keeps the body's scroll position while the dialog is closed; every
      // opening starts at the top (its banner or its first line), never halfway down.
      if (body.current) body.current.scrollTop = 0;
    }
    openDialogs += 1;
    document.body.style.overflow = 'hidden';
    return () => {
      // A confirm opened over another dialog closes first: the page stays still behind the other.
      openDialogs -= 1;
      if (openDialogs === 0) document.body.style.overflow = '';
    };
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      // NOTE: the element also fires `close` when this component closes it (open became false,
      // perhaps because another dialog replaced it); only a close the browser made is news.
      // NOTE: React passes `close` and `cancel` up its own tree: a confirm opened inside this
      // dialog's content would close this one too. Only this element's own events count.
      onClose={(event) => {
        if (event.target === event.currentTarget && open) onClose();
      }}
      onCancel={(event) => {
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A tap on the backdrop (the dialog element itself, outside its panel) closes it.
        if (event.target === ref.current) onClose();
      }}
      className={`m-auto max-h-[min(88dvh,760px)] w-[calc(100%-2rem)] overflow-hidden rounded-[var(--radius-card)] border border-white/10 bg-ink-800 p-0 text-snow shadow-2xl open:flex open:flex-col ${size === 'lg' ? 'max-w-2xl' : 'max-w-md'}`}
    >
      <header className="flex items-start gap-3 border-b border-white/5 px-5 pt-4 pb-3">
        <h2 id={titleId} className="flex-1 pt-1.5 text-lg leading-snug font-semibold">
          {title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('action.close')}
          className="-mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-mist-400 hover:bg-white/5 hover:text-snow"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      </header>
      {/* Focusable, so a keyboard can scroll a long body. */}
      <div
        ref={body}
        tabIndex={0}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 py-4 focus-visible:outline-none"
      >
        {children}
      </div>
      {footer ? <footer className="flex gap-3 border-t border-white/5 px-5 py-4">{footer}</footer> : null}
      {open ? <ToastViewport /> : null}
    </dialog>
  );
}
