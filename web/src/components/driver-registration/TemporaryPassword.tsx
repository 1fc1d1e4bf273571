import { useState } from 'react';

/**
 * The one-time temporary password, with a copy button; it is never shown again, so nothing may
 * cover it (`data-toast-avoid` keeps the success toast off it).
 */
export function TemporaryPassword({ password, audience }: { password: string; audience: 'admin' | 'driver' }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(password);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <section className="temp-password" aria-labelledby="temp-password-heading" data-toast-avoid>
      <h3 id="temp-password-heading">Temporary password</h3>
      <div className="temp-password-value">
        <code data-testid="temporary-password">{password}</code>
        <button type="button" className="btn btn-outline btn-sm" onClick={copy}>
          {copied ? 'Copied' : 'Copy'}
        </button>
        <span className="visually-hidden" aria-live="polite">
          {copied ? 'Password copied to the clipboard' : ''}
        </span>
      </div>
      <p className="muted small">
        {audience === 'admin'
          ? 'Shown only once: share it with the driver now. They log in with their username and this password and must change it at first login.'
          : 'Shown only once: write it down now. You will log in with your username and this password, and choose a new password at first login.'}
      </p>
    </section>
  );
}
