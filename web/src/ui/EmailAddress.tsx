import { emailBreakParts } from '../lib/format';

/**
 * An email address that wraps, when it must, before its '@' or a '.', never inside a part (not
 * even at a hyphen): each part is a box of its own that moves to the next line whole, and breaks
 * inside only when it alone is wider than the line.
 */
export function EmailAddress({ email }: { email: string }) {
  return (
    <span className="email-address">
      {emailBreakParts(email).map((part, i) => (
        <span key={i}>{part}</span>
      ))}
    </span>
  );
}
