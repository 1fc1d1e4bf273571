import { Link } from 'react-router-dom';
import { ErrorPanel } from '../../components/StatePanels';
import { ApiError } from '../../lib/api';

/**
 * The load-error panel of admin pages: the error message, Try Again, and a hint about
 * authentication; a 401 says plainly to log in again.
 */
export function AdminErrorPanel({ title, error }: { title: string; error: unknown }) {
  const status = error instanceof ApiError ? error.status : undefined;
  const hint =
    status === 401 || status === 403 ? (
      <>
        Your admin session is missing or has expired. Please <Link to="/admin">log in again</Link>.
      </>
    ) : (
      <>
        This may be an authentication issue. If it persists, <Link to="/admin">log in again</Link>.
      </>
    );
  return <ErrorPanel title={title} error={error} hint={hint} />;
}

/** A smaller inline error for one panel of a page (the dashboard's sections). */
export function InlineError({ what, error }: { what: string; error: unknown }) {
  const status = error instanceof ApiError ? error.status : undefined;
  return (
    <div className="inline-error" role="alert">
      <p>
        <strong>Unable to load {what}.</strong> {error instanceof Error ? error.message : ''}
      </p>
      {(status === 401 || status === 403) && (
        <p>
          Please <Link to="/admin">log in again</Link>.
        </p>
      )}
    </div>
  );
}
