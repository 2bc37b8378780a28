import { X } from 'lucide-react';
import { useContext, useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UNSAFE_DataRouterStateContext } from 'react-router';
import { ToastViewport } from './toast';
import { Phrase } from '../phrase';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Buttons along the bottom, outside the scrolling body. */
  footer?: ReactNode;
  /** Wide dialogs (videos) use the whole width of the phone. */
  size?: 'md' | 'lg';
  /**
   * Keeps its greatest height whatever it shows: a dialog of tabs does not jump between them
   * (issue 31); its body scrolls when a tab is longer.
   */
  steady?: boolean;
}

/** Dialogs open now (a confirm may open over another): the page behind scrolls when none is. */
let openDialogs = 0;

/**
 * A modal on the native <dialog>: focus is trapped, Esc closes, the phone's Back closes it (and
 * leaves the page where it is), the page behind does not scroll, and only the body scrolls when
 * the content is long.
 */
export function Dialog({ open, onClose, title, children, footer, size = 'md', steady = false }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const { t } = useTranslation();

  // NOTE: a dialog that asks about a navigation the router holds back (useBlocker: "leave this
  // page?") takes no part in history: the router moves history itself when the member answers
  // (back to where the member was, then on), and an entry of ours on top would swallow that move.
  // There, Back asks again, as it did before.
  const router = useContext(UNSAFE_DataRouterStateContext);
  const holdsNavigation = router
    ? [...router.blockers.values()].some((blocker) => blocker.state !== 'unblocked')
    : false;
  const takesPart = useEffectEvent(() => !holdsNavigation);
  const closeByBack = useEffectEvent(() => onClose());
  useEffect(() => {
    if (!open || !takesPart()) return;
    const entry = openLayer({ close: () => closeByBack() });
    return () => closeLayer(entry);
  }, [open]);

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
      className={`m-auto max-h-[min(88dvh,760px)] w-[calc(100%-2rem)] overflow-hidden rounded-[var(--radius-card)] border border-white/10 bg-ink-800 p-0 text-snow shadow-2xl open:flex open:flex-col ${size === 'lg' ? 'max-w-2xl' : 'max-w-md'} ${steady ? 'h-[min(88dvh,760px)]' : ''}`}
    >
      <header className="flex items-start gap-3 border-b border-white/5 px-5 pt-4 pb-3">
        <h2 id={titleId} className="flex-1 pt-1.5 text-lg leading-snug font-semibold">
          {/* Between words only, as page titles (decision 029). */}
          {typeof title === 'string' ? <Phrase text={title} /> : title}
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
      {/* The dialog's own toasts, under its header, in room of their own (decision 072). */}
      {open ? <ToastViewport /> : null}
      {/* Focusable, so a keyboard can scroll a long body. */}
      <div
        ref={body}
        tabIndex={0}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 py-4 focus-visible:outline-none"
      >
        {children}
      </div>
      {footer ? <footer className="flex gap-3 border-t border-white/5 px-5 py-4">{footer}</footer> : null}
    </dialog>
  );
}

// --- The phone's Back closes the dialog on top ------------------------------------------------
//
// Each open dialog pushes a history entry of its own: the same address and the same state (React
// Router's key and index), marked with the dialog's id. Back pops it: the dialog closes, the
// page stays. A dialog closed by its own controls pops its entry, so history does not grow.
//
// NOTE: React Router listens to popstate on window too. Ours listens in the capture phase, which
// runs first, and stops the pops that only move between a page and its dialogs: the router never
// hears of them, so nothing navigates, no blocker asks, and its index stays right (our entries
// carry the index of the page under them).
// NOTE: history.go() is asynchronous in browsers (synchronous in happy-dom): a pop we started is
// counted until its popstate comes, and nothing is pushed meanwhile (a push then would be undone
// by the pop).

/** The field of history.state that marks an entry a dialog pushed: the dialog's entry id. */
const MARK = 'walletDialog';
/** This page load's prefix of entry ids: entries left by an earlier load are none of ours. */
const LOAD = Math.random().toString(36).slice(2, 10);
let lastId = 0;

interface Layer {
  /** The dialog's onClose: Back closed it. */
  close: () => void;
}
interface Entry {
  id: string;
  /** The open dialog this entry belongs to; null once it closed (the entry awaits its pop). */
  layer: Layer | null;
}
type HistoryState = Record<string, unknown> | null;

/** Our entries in history, lowest first, each right above the one before, the first above `page`. */
let entries: Entry[] = [];
/** Dialogs opened while a pop of ours was on its way: pushed when it lands. */
let waiting: Entry[] = [];
/** The page entry under the first dialog. */
let page: { href: string; key: unknown; idx: unknown } | null = null;
/** The history state last known to be current: where a popstate comes from. */
let seen: HistoryState = null;
/** Pops we started whose popstate has not come yet. */
let pops = 0;
/** Going back over entries that dialogs left behind when a route change closed them. */
let skipping = false;
let settleTimer: ReturnType<typeof setTimeout> | undefined;

const stateOf = (): HistoryState => {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : null;
};
const markOf = (state: HistoryState) => (typeof state?.[MARK] === 'string' ? state[MARK] : null);
const indexOf = (state: HistoryState) => (typeof state?.idx === 'number' ? state.idx : null);

/** Where `state` sits among ours: 0 the page under the dialogs, i the i-th entry, null elsewhere. */
function position(state: HistoryState): number | null {
  const mark = markOf(state);
  const index = mark === null ? -1 : entries.findIndex((entry) => entry.id === mark);
  if (index >= 0) return index + 1;
  // The page by its address and its router entry (its own mark, if any, is one left from before).
  const isPage =
    page !== null && page.href === window.location.href && state?.key === page.key && state?.idx === page.idx;
  return isPage ? 0 : null;
}

function push(entry: Entry) {
  const state = stateOf();
  if (entries.length === 0) page = { href: window.location.href, key: state?.key, idx: state?.idx };
  window.history.pushState({ ...state, [MARK]: entry.id }, '');
  entries.push(entry);
  seen = stateOf();
}

/** Forgets our entries (history moved on past them): they are stepped over if met again. */
function forget() {
  entries = [];
  page = null;
}

/** Closes the dialogs whose entries sit above position `at` (Back popped them). */
function closeAbove(at: number) {
  const above = entries.splice(at).reverse();
  if (entries.length === 0) page = null;
  for (const entry of above) {
    const layer = entry.layer;
    entry.layer = null;
    layer?.close();
  }
}

function openLayer(layer: Layer): Entry {
  const entry: Entry = { id: `${LOAD}:${++lastId}`, layer };
  if (pops > 0) {
    waiting.push(entry);
    return entry;
  }
  const top = entries.at(-1);
  const current = markOf(stateOf());
  // A dialog that closed a moment ago (another took its place, or StrictMode's rehearsal of an
  // effect) hands its entry on: no pop and push racing each other.
  if (top && current === top.id && !top.layer) {
    top.layer = layer;
    return top;
  }
  if (top && current !== top.id) forget();
  push(entry);
  return entry;
}

function closeLayer(entry: Entry) {
  entry.layer = null;
  waiting = waiting.filter((one) => one !== entry);
  // NOTE: a timer, not at once: a dialog closed to follow a link (onClose, then navigate) sees the
  // router's push first, and leaves history alone; a pop now would take the member back.
  clearTimeout(settleTimer);
  settleTimer = setTimeout(settle, 0);
}

/** Pops the entries of dialogs closed by their own controls, when they are on top of history. */
function settle() {
  settleTimer = undefined;
  if (pops > 0) return; // the pop's popstate settles again
  const top = entries.at(-1);
  if (!top) return;
  if (markOf(stateOf()) !== top.id) {
    // A route change pushed or replaced an entry over ours: they stay behind it.
    seen = stateOf();
    if (entries.every((entry) => !entry.layer)) forget();
    return;
  }
  let closed = 0;
  while (closed < entries.length && !entries[entries.length - 1 - closed]!.layer) closed += 1;
  if (closed === 0) return;
  entries.splice(entries.length - closed);
  pops += 1;
  window.history.go(-closed);
}

function onPopState(event: PopStateEvent) {
  const state = stateOf();
  const from = seen;
  seen = state;
  const at = position(state);
  const mark = markOf(state);
  const swallow = () => event.stopImmediatePropagation();

  if (pops > 0) {
    pops -= 1;
    if (at !== null) {
      swallow();
      closeAbove(at);
      if (pops === 0) {
        const opened = waiting.filter((entry) => entry.layer);
        waiting = [];
        for (const entry of opened) {
          if (entries.length > 0 && markOf(stateOf()) !== entries.at(-1)!.id) forget();
          push(entry);
        }
        settle();
      }
      return;
    }
  }
  if (skipping) {
    skipping = false;
    // The page under the left entries, or another of them: the router shows that page already.
    swallow();
    if (mark !== null && at === null) {
      skipping = true;
      window.history.back();
    }
    return;
  }
  const fromAt = position(from);
  if (at !== null && fromAt !== null && at < fromAt) {
    // Back from a dialog: it closes (with any over it) and the page stays.
    swallow();
    closeAbove(at);
    return;
  }
  if (mark !== null && at === null) {
    // An entry a dialog left when a route change closed it, showing the page under it: the
    // router shows that page, and Back goes on past it (one Back, one page).
    const fromIndex = indexOf(from);
    const toIndex = indexOf(state);
    const goingBack =
      fromIndex !== null && toIndex !== null && fromIndex !== toIndex
        ? fromIndex > toIndex
        : markOf(from) !== null;
    if (goingBack) {
      skipping = true;
      window.history.back();
    }
    return;
  }
  if (entries.length > 0 || waiting.length > 0) {
    // Somewhere else altogether (several entries back at once): the dialogs close, the router moves.
    const all = [...entries, ...waiting];
    forget();
    waiting = [];
    for (const entry of all.reverse()) {
      const layer = entry.layer;
      entry.layer = null;
      layer?.close();
    }
  }
}

if (typeof window !== 'undefined') {
  seen = stateOf();
  window.addEventListener('popstate', onPopState, { capture: true });
  // Loaded on an entry a dialog pushed before a reload (or a phone's restore of the tab): that
  // dialog is closed now, so its entry goes like any closed dialog's, and Back leaves the page.
  const left = markOf(seen);
  if (left !== null) {
    entries = [{ id: left, layer: null }];
    page = { href: window.location.href, key: seen?.key, idx: seen?.idx };
    settleTimer = setTimeout(settle, 0);
  }
}
