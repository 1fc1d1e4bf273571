/** What is left until a deadline, as a ride's answer countdown shows it. */
export interface Countdown {
  /** Whole seconds left, 0 once passed. */
  secondsLeft: number;
  /** "14:05", or "1:02:09" from an hour up; "0:00" once passed. */
  text: string;
  /** The same in words for screen readers: "14 minutes 5 seconds". */
  spoken: string;
  expired: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');
const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The time left until `deadline` at `now`; a missing or unreadable deadline counts as passed. */
export function countdown(deadline: string | Date | null | undefined, now: Date): Countdown {
  const end = deadline == null ? NaN : deadline instanceof Date ? deadline.getTime() : Date.parse(deadline);
  // Rounded up: "0:01" shows until the very last moment, and "0:00" means it has passed.
  const secondsLeft = Number.isFinite(end) ? Math.max(0, Math.ceil((end - now.getTime()) / 1000)) : 0;
  const hours = Math.floor(secondsLeft / 3600);
  const minutes = Math.floor((secondsLeft % 3600) / 60);
  const seconds = secondsLeft % 60;
  const text = hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
  const spoken = [hours && unit(hours, 'hour'), minutes && unit(minutes, 'minute'), (seconds || secondsLeft === 0) && unit(seconds, 'second')]
    .filter(Boolean)
    .join(' ');
  return { secondsLeft, text, spoken, expired: secondsLeft === 0 };
}
