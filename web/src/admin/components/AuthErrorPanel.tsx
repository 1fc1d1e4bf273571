import { Link } from 'react-router-dom';
import { ErrorPanel } from '../../ui/StatePanels';
import { ApiError } from '../../lib/api';

/** The server refused the admin credentials (none stored, wrong, or changed since). */
export const isAuthProblem = (error: unknown): boolean => error instanceof ApiError && (error.status === 401 || error.status === 403);

const NOT_SIGNED_IN = 'You are not logged in as an administrator, or your session has expired.';

/**
 * The load-error panel of admin pages (spec: an error suggesting authentication issues). A
 * refused login says so in words and links to the login; the server's own answer, a JSON body
 * meant for programs, is not shown. Any other failure shows its message.
 */
export function AdminErrorPanel({ title, error }: { title: string; error: unknown }) {
  if (isAuthProblem(error)) {
    return (
      <ErrorPanel
        title={title}
        error={error}
        message={NOT_SIGNED_IN}
        hint={
          <>
            <Link to="/admin">Log In</Link> to see this page.
          </>
        }
      />
    );
  }
  const hint = (
    <>
      This may be an authentication issue. If it persists, <Link to="/admin">log in again</Link>.
    </>
  );
  return <ErrorPanel title={title} error={error} hint={hint} />;
}

/** A smaller inline error for one panel of a page (the dashboard's sections). */
export function InlineError({ what, error }: { what: string; error: unknown }) {
  const auth = isAuthProblem(error);
  return (
    <div className="inline-error" role="alert">
      <p>
        <strong>Unable to load {what}.</strong> {auth ? NOT_SIGNED_IN : error instanceof Error ? error.message : ''}
      </p>
      {auth && (
        <p>
          Please <Link to="/admin">log in again</Link>.
        </p>
      )}
    </div>
  );
}
