import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ACCOUNT_MESSAGES, SignInCodeRequest, SignInRequest, type Account, type SignInCodeAnswer } from '@limo/contracts/customers/account';
import { apiJson, serverMessage } from '../lib/api';
import { useSchemaForm } from '../lib/forms/use-schema-form';
import { TextField } from '../ui/TextField';

/** What a failed step says: the server's words (a wrong code, a 429's wait), or a generic line. */
export function Failure({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p className="account-message" role="alert">
      {serverMessage(error) ?? 'Something went wrong. Please try again.'}
    </p>
  );
}

/** Sign-in in two steps: the email, then the 6-digit code emailed to it. */
export function SignInForm({ onSignedIn }: { onSignedIn(account: Account): void }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <section className="account" aria-labelledby="account-heading">
      <div className="card account-sign-in">
        <h1 id="account-heading">Sign In</h1>
        {sentTo === null ? (
          <EmailStep onSent={setSentTo} />
        ) : (
          <CodeStep email={sentTo} onSignedIn={onSignedIn} onOtherEmail={() => setSentTo(null)} />
        )}
      </div>
    </section>
  );
}

function EmailStep({ onSent }: { onSent(email: string): void }) {
  const form = useSchemaForm(SignInCodeRequest, { email: '' });
  const send = useMutation({
    mutationFn: (body: SignInCodeRequest) => apiJson<SignInCodeAnswer>('POST', '/api/account/code', body),
    onSuccess: (_answer, body) => onSent(body.email),
  });
  const onSubmit = (event: FormEvent) => form.submit((body) => send.mutateAsync(body).catch(() => undefined))(event);
  return (
    <>
      <p className="muted">No password needed: enter the email you book with, and we will email you a code to sign in. You can see every booking made with that email.</p>
      <Failure error={send.isError ? send.error : null} />
      <form ref={form.ref} onSubmit={onSubmit} noValidate aria-busy={send.isPending}>
        <TextField
          id="account-email"
          name="email"
          type="email"
          label="Email"
          autoComplete="email"
          required
          value={form.values.email}
          onChange={(e) => {
            form.set('email', e.target.value);
            // The refusal was of the email as it stood: a new one is not refused yet.
            if (send.isError) send.reset();
          }}
          error={form.errors.email}
        />
        <button type="submit" className="btn btn-primary account-submit" disabled={send.isPending}>
          {send.isPending ? 'Sending...' : 'Email Me a Code'}
        </button>
      </form>
    </>
  );
}

function CodeStep({ email, onSignedIn, onOtherEmail }: { email: string; onSignedIn(account: Account): void; onOtherEmail(): void }) {
  const form = useSchemaForm(SignInRequest, { email, code: '' });
  const signIn = useMutation({
    mutationFn: (body: SignInRequest) => apiJson<Account>('POST', '/api/account/sign-in', body),
    onSuccess: onSignedIn,
  });
  const onSubmit = (event: FormEvent) => form.submit((body) => signIn.mutateAsync(body).catch(() => undefined))(event);
  return (
    <>
      <p role="status">{ACCOUNT_MESSAGES.codeSent}</p>
      <p className="muted">
        Sent to <strong>{email}</strong>.
      </p>
      <Failure error={signIn.isError ? signIn.error : null} />
      <form ref={form.ref} onSubmit={onSubmit} noValidate aria-busy={signIn.isPending}>
        <TextField
          id="account-code"
          name="code"
          label="Code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          value={form.values.code}
          onChange={(e) => {
            form.set('code', e.target.value);
            // "This code is not right" was said of the last code tried, not of the one being typed.
            if (signIn.isError) signIn.reset();
          }}
          error={form.errors.code}
        />
        <button type="submit" className="btn btn-primary account-submit" disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing In...' : 'Sign In'}
        </button>
      </form>
      <button type="button" className="account-other" onClick={onOtherEmail}>
        Use another email, or ask for a new code
      </button>
    </>
  );
}
