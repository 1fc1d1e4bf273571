import { countdown, type Countdown as Left } from '../lib/countdown';
import { useNow } from '../lib/use-now';
import './countdown.css';

interface CountdownProps {
  /** Words before the time: "Answer within". */
  label: string;
  /** Shown instead once the deadline has passed. */
  expiredText: string;
  className?: string;
}

/**
 * What is left, drawn: "Answer within 12:41", then `expiredText`. The time has the timer role, so
 * screen readers do not announce every tick, and its name in words.
 */
export function CountdownText({ left, label, expiredText, className = '' }: CountdownProps & { left: Left }) {
  if (left.expired) return <span className={`countdown countdown-expired ${className}`}>{expiredText}</span>;
  return (
    <span className={`countdown${left.secondsLeft <= 60 ? ' countdown-urgent' : ''} ${className}`}>
      {label}{' '}
      <span role="timer" aria-label={left.spoken} data-testid="countdown">
        {left.text}
      </span>
    </span>
  );
}

/** A countdown to `deadline` that ticks every second on its own. */
export function Countdown({ deadline, ...props }: CountdownProps & { deadline: string | null }) {
  const now = useNow(1000);
  return <CountdownText left={countdown(deadline, now)} {...props} />;
}
