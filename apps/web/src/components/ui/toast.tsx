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
}

interface ToastApi {
  show(kind: ToastKind, text: string): void;
}

interface ToastHosts {
  toasts: Toast[];
  /** The viewports that asked to show toasts, oldest first; only the newest shows them. */
  hosts: string[];
  register: (id: string) => () => void;
}

const ToastContext = createContext<ToastApi | null>(null);
const HostsContext = createContext<ToastHosts | null>(null);

const STYLES: Record<ToastKind, string> = {
  success: 'bg-emerald-700 text-white',
  error: 'bg-rose-600 text-white',
  info: 'bg-ink-600 text-snow',
};
const ICONS = { success: CircleCheck, error: CircleAlert, info: Info } as const;

/** Short messages at the top of the screen that disappear after 4 s (spec section 9). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [hosts, setHosts] = useState<string[]>([]);
  const nextId = useRef(1);

  const show = useCallback((kind: ToastKind, text: string) => {
    const id = nextId.current++;
    setToasts((current) => [...current.slice(-2), { id, kind, text }]);
    setTimeout(() => setToasts((current) => current.filter((toast) => toast.id !== id)), TIMING.toastMs);
  }, []);
  const register = useCallback((id: string) => {
    setHosts((current) => [...current, id]);
    return () => setHosts((current) => current.filter((host) => host !== id));
  }, []);
  const api = useMemo(() => ({ show }), [show]);
  const hostsApi = useMemo(() => ({ toasts, hosts, register }), [toasts, hosts, register]);

  return (
    <ToastContext value={api}>
      <HostsContext value={hostsApi}>
        {children}
        <ToastViewport base />
      </HostsContext>
    </ToastContext>
  );
}

/**
 * Where toasts appear. The app has one at its root, along the top of the screen; an open modal
 * dialog renders its own, because a modal <dialog> sits in the browser's top layer above the page
 * and makes the rest of the page inert: a toast outside it would be hidden behind it and never
 * read out. A dialog's toasts hang under its header (Dialog places this viewport there), over the
 * top of its body: at the top of the screen they covered the dialog's title and its close button
 * (issue 16), and at the bottom they would cover its footer's buttons.
 */
export function ToastViewport({ base = false }: { base?: boolean }) {
  const context = useContext(HostsContext);
  const id = useId();
  const register = context?.register;
  useLayoutEffect(() => (base || !register ? undefined : register(id)), [base, register, id]);
  if (!context) return null;
  const shown = base ? context.hosts.length === 0 : context.hosts.at(-1) === id;

  return (
    <div
      role="status"
      aria-live="polite"
      className={`pointer-events-none inset-x-0 z-[60] mx-auto flex w-full flex-col gap-2 ${
        base ? 'fixed top-[max(env(safe-area-inset-top),0.75rem)] max-w-md px-4' : 'absolute top-2 px-3'
      }`}
    >
      {shown
        ? context.toasts.map((toast) => {
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
