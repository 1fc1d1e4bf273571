import { useCallback, useState } from 'react';

const KEY = 'limo.driver.dismissed-offer-notices';
const KEEP = 100;

function read(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The ended-offer notices this browser's driver has dismissed (by assignment id), kept in
 * localStorage so a dismissed notice stays gone after a reload; only the newest few are kept.
 */
export function useDismissedNotices(): [ReadonlySet<string>, (id: string) => void] {
  const [ids, setIds] = useState(read);
  const dismiss = useCallback((id: string) => {
    setIds((current) => {
      const next = [...current.filter((v) => v !== id), id].slice(-KEEP);
      try {
        localStorage.setItem(KEY, JSON.stringify(next));
      } catch {
        // Storage full or refused: dismissed for this visit only.
      }
      return next;
    });
  }, []);
  return [new Set(ids), dismiss];
}
