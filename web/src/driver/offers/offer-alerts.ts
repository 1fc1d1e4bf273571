import { useEffect, useRef } from 'react';
import type { DriverRide } from '@limo/contracts/booking/dispatch';

/** One key per offer: the same ride offered again later is a new offer. */
export const offerKey = (ride: Pick<DriverRide, 'id' | 'assignedAt'>) => `${ride.id}@${ride.assignedAt}`;

let context: AudioContext | null = null;
const audio = (): AudioContext | null => {
  if (typeof AudioContext === 'undefined') return null;
  context ??= new AudioContext();
  return context;
};

/** Two short rising tones; silent where the browser has no Web Audio or has not allowed sound yet. */
function chime(): void {
  const sound = audio();
  if (!sound) return;
  void sound.resume().catch(() => {});
  const start = sound.currentTime;
  [880, 1320].forEach((frequency, i) => {
    const at = start + i * 0.25;
    const tone = sound.createOscillator();
    const volume = sound.createGain();
    tone.frequency.value = frequency;
    volume.gain.setValueAtTime(0.0001, at);
    volume.gain.exponentialRampToValueAtTime(0.4, at + 0.02);
    volume.gain.exponentialRampToValueAtTime(0.0001, at + 0.4);
    tone.connect(volume).connect(sound.destination);
    tone.start(at);
    tone.stop(at + 0.45);
  });
}

/** A vibration where the device has one and the browser allows it. */
function buzz(): void {
  if (typeof navigator.vibrate === 'function') navigator.vibrate([300, 150, 300]);
}

/** Browsers let a page make sound only after it was touched: the first touch or key readies it for later offers. */
export function useSoundPrimer(): void {
  useEffect(() => {
    const prime = () => void audio()?.resume().catch(() => {});
    window.addEventListener('pointerdown', prime, { once: true });
    window.addEventListener('keydown', prime, { once: true });
    return () => {
      window.removeEventListener('pointerdown', prime);
      window.removeEventListener('keydown', prime);
    };
  }, []);
}

/** A chime and a vibration for each offer this page has not announced yet. */
export function useNewOfferAlert(keys: string[]): void {
  const announced = useRef(new Set<string>());
  const joined = keys.join(' ');
  useEffect(() => {
    const fresh = joined.split(' ').filter((key) => key !== '' && !announced.current.has(key));
    if (fresh.length === 0) return;
    fresh.forEach((key) => announced.current.add(key));
    chime();
    buzz();
  }, [joined]);
}

/**
 * While `message` is set, the tab's title alternates between it and the page's own title every
 * second, so an offer shows on a tab the driver is not looking at.
 */
export function useTitleFlash(message: string | null): void {
  useEffect(() => {
    if (!message) return;
    let pageTitle = document.title;
    const timer = window.setInterval(() => {
      // The page may have set a title of its own meanwhile (another route): that one comes back.
      if (document.title === message) document.title = pageTitle;
      else {
        pageTitle = document.title;
        document.title = message;
      }
    }, 1000);
    return () => {
      window.clearInterval(timer);
      if (document.title === message) document.title = pageTitle;
    };
  }, [message]);
}
