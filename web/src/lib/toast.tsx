import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

interface ToastState extends ToastInput {
  id: number;
}

const TOAST_DURATION_MS = 5000;
const ToastContext = createContext<(toast: ToastInput) => void>(() => {});

/** Shows one toast at a time (a new one replaces the current), each for 5 s; F8 focuses it. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ToastState | null>(null);
  const nextId = useRef(1);
  const region = useRef<HTMLDivElement>(null);
  const show = useCallback((input: ToastInput) => setToast({ ...input, id: nextId.current++ }), []);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast((t) => (t?.id === toast.id ? null : t)), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F8') region.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div ref={region} className="toast-viewport" tabIndex={-1} aria-live="polite" role="region" aria-label="Notifications (F8)">
        {toast && (
          <div className={`toast toast-${toast.variant ?? 'default'}`} role="status" data-testid="toast">
            <div className="toast-body">
              <p className="toast-title">{toast.title}</p>
              {toast.description && <p className="toast-description">{toast.description}</p>}
            </div>
            <button type="button" className="toast-close" aria-label="Dismiss notification" onClick={() => setToast(null)}>
              ×
            </button>
          </div>
        )}
      </div>
    </ToastContext.Provider>
  );
}

export const useToast = () => useContext(ToastContext);
