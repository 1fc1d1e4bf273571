import { useEffect, useRef } from 'react';
import { COMPANY } from '@limo/contracts/common/company';

/**
 * The passenger's name full screen, held up at arrivals for a meet-and-greet pickup: the native
 * <dialog> gives Escape and the focus trap; the browser's full screen and a screen wake lock are
 * asked for where allowed (a phone left dark or with its bars showing makes a poor sign), and a
 * tap anywhere closes it.
 */
export function GreetingSign({ name, onClose }: { name: string; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  // The latest onClose, so that a parent's re-render does not open the sign (and full screen) again.
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    const onCancel = (event: Event) => {
      event.preventDefault();
      close.current();
    };
    dialog.addEventListener('cancel', onCancel);
    // Escape in full screen leaves full screen (the browser keeps that key): leaving it closes the sign too.
    let wentFull = false;
    const onFullscreen = () => {
      if (document.fullscreenElement === dialog) wentFull = true;
      else if (wentFull) close.current();
    };
    document.addEventListener('fullscreenchange', onFullscreen);
    // Both are best effort: refused (no user gesture, an old browser) the sign still shows.
    dialog.requestFullscreen?.().catch(() => {});
    let lock: { release(): Promise<void> } | undefined;
    const wakeLock = (navigator as Navigator & { wakeLock?: { request(type: 'screen'): Promise<{ release(): Promise<void> }> } }).wakeLock;
    wakeLock
      ?.request('screen')
      .then((l) => (lock = l))
      .catch(() => {});
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      document.removeEventListener('fullscreenchange', onFullscreen);
      void lock?.release().catch(() => {});
      if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => {});
      if (dialog.open) dialog.close();
    };
  }, []);

  return (
    <dialog ref={ref} className="greeting-sign" aria-label={`Greeting sign: ${name}`} onClick={() => close.current()}>
      <p className="greeting-sign-company">{COMPANY.name}</p>
      <p className="greeting-sign-name">{name}</p>
      <p className="greeting-sign-hint">Tap anywhere to close</p>
    </dialog>
  );
}
