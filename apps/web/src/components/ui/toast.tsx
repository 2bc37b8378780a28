import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import {
  createContext,
  useCallback,
  useContext,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { TIMING } from '@wallet/contract/constants';

type ToastKind = 'success' | 'error' | 'info';
interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
  /** The viewport it belongs to: a dialog's, or the screen's (decision 072). */
  owner: string;
  /** It tells how its dialog or screen ended: it passes to what comes next (ToastOptions). */
  after: ToastOptions['after'] | null;
}

export interface ToastOptions {
  /**
   * The toast tells the result of an action that ends where it was raised, instead of going with
   * it: `close`, the dialog closes (a claim, a saved password), and the toast passes to the dialog
   * or screen beneath; `leave`, the member is taken to another screen (registered, a password
   * reset), and it passes on to that screen.
   */
  after?: 'close' | 'leave';
}

interface ToastApi {
  show(kind: ToastKind, text: string, options?: ToastOptions): void;
}

interface ToastHosts {
  toasts: Toast[];
  /** The dialogs' viewports, oldest first; only the newest shows toasts, and only its own. */
  hosts: string[];
  register: (id: string) => () => void;
}

interface ToastScreens {
  /** The screen now shown changed (its path): the last screen's toasts go, unless passed on. */
  enter: (screen: string) => void;
}

const ToastContext = createContext<ToastApi | null>(null);
const HostsContext = createContext<ToastHosts | null>(null);
const ScreensContext = createContext<ToastScreens | null>(null);

const STYLES: Record<ToastKind, string> = {
  success: 'bg-emerald-700 text-white',
  error: 'bg-rose-600 text-white',
  info: 'bg-ink-600 text-snow',
};
const ICONS = { success: CircleCheck, error: CircleAlert, info: Info } as const;
/** The owner of a screen's toasts. */
const SCREEN = 'screen';

/**
 * Short messages that disappear after 4 s (spec section 9). A toast belongs to what the member
 * was looking at when it was raised, the dialog on top or else the screen, and goes with it
 * (decision 072): it never shows over a screen or dialog that came later (a "coins added" over the
 * statement, a "Copied" in the next dialog).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [hosts, setHosts] = useState<string[]>([]);
  // Read by show(), which must see the dialog on top at the moment it is called.
  const hostsNow = useRef<string[]>([]);
  const nextId = useRef(1);

  const show = useCallback((kind: ToastKind, text: string, options?: ToastOptions) => {
    const id = nextId.current++;
    const owner = hostsNow.current.at(-1) ?? SCREEN;
    const toast = { id, kind, text, owner, after: options?.after ?? null };
    setToasts((current) => [...current.slice(-2), toast]);
    setTimeout(() => setToasts((current) => current.filter((one) => one.id !== id)), TIMING.toastMs);
  }, []);
  const register = useCallback((id: string) => {
    hostsNow.current = [...hostsNow.current, id];
    setHosts(hostsNow.current);
    return () => {
      const index = hostsNow.current.indexOf(id);
      const beneath = hostsNow.current[index - 1] ?? SCREEN;
      hostsNow.current = hostsNow.current.filter((host) => host !== id);
      setHosts(hostsNow.current);
      // A dialog's toasts go with it; one that tells how it ended passes to what is beneath (and
      // one whose action leaves the screen keeps going, to the next screen).
      setToasts((current) =>
        current.flatMap((toast) => {
          if (toast.owner !== id) return [toast];
          if (!toast.after) return [];
          return [{ ...toast, owner: beneath, after: toast.after === 'leave' ? toast.after : null }];
        }),
      );
    };
  }, []);
  const screen = useRef<string | null>(null);
  const enter = useCallback((next: string) => {
    const first = screen.current === null;
    if (next === screen.current) return;
    screen.current = next;
    if (first) return;
    // The screen's toasts go with it, and its dialogs' (they close with it); one whose action
    // leaves the screen passes to the next, once.
    setToasts((current) =>
      current.flatMap((toast) => {
        if (toast.after === 'leave') return [{ ...toast, owner: SCREEN, after: null }];
        return toast.owner === SCREEN ? [] : [toast];
      }),
    );
  }, []);
  const api = useMemo(() => ({ show }), [show]);
  const hostsApi = useMemo(() => ({ toasts, hosts, register }), [toasts, hosts, register]);
  const screensApi = useMemo(() => ({ enter }), [enter]);

  return (
    <ToastContext value={api}>
      <HostsContext value={hostsApi}>
        <ScreensContext value={screensApi}>
          {children}
          <ToastViewport base />
        </ScreensContext>
      </HostsContext>
    </ToastContext>
  );
}

/** Tells the toasts which screen is shown (`screen`: its path), so a screen's toasts go with it. */
export function useToastScreen(screen: string): void {
  const enter = useContext(ScreensContext)?.enter;
  useLayoutEffect(() => enter?.(screen), [enter, screen]);
}

/**
 * Where toasts appear. The app has one at its root, along the top of the screen; an open modal
 * dialog renders its own, because a modal <dialog> sits in the browser's top layer above the page
 * and makes the rest of the page inert: a toast outside it would be hidden behind it and never
 * read out. A dialog's toasts sit under its header (Dialog places this viewport there) and take
 * room of their own, pushing the body down while they show: at the top of the screen they covered
 * the dialog's title and its close button (issue 16), over the body its first line (a game's
 * balance label, issue 31), and at the bottom they would cover its footer's buttons.
 */
export function ToastViewport({ base = false }: { base?: boolean }) {
  const context = useContext(HostsContext);
  const id = useId();
  const register = context?.register;
  useLayoutEffect(() => (base || !register ? undefined : register(id)), [base, register, id]);
  if (!context) return null;
  const shown = base ? context.hosts.length === 0 : context.hosts.at(-1) === id;
  const owner = base ? SCREEN : id;
  const mine = shown ? context.toasts.filter((toast) => toast.owner === owner) : [];

  return (
    <div
      role="status"
      aria-live="polite"
      className={`pointer-events-none mx-auto flex w-full flex-col gap-2 ${
        base
          ? 'fixed inset-x-0 top-[max(env(safe-area-inset-top),0.75rem)] z-[60] max-w-md px-4'
          : `shrink-0 px-3 ${mine.length > 0 ? 'pt-2' : ''}`
      }`}
    >
      {mine.length > 0
        ? mine.map((toast) => {
            const Icon = ICONS[toast.kind];
            return (
              <div
                key={toast.id}
                className={`flex items-start gap-3 rounded-xl px-4 py-3 text-sm font-medium shadow-lg ${STYLES[toast.kind]}`}
              >
                <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
                <span>{toast.text}</span>
              </div>
            );
          })
        : null}
    </div>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a ToastProvider');
  return api;
}
