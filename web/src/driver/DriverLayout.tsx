import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { DRIVER_MESSAGES } from '@limo/contracts/drivers/messages';
import type { DriverSession } from '@limo/contracts/drivers/portal';
import type { LiveUpdate } from '@limo/contracts/common/live';
import { ErrorPanel, LoadingPanel } from '../ui/StatePanels';
import { PortalLayout } from '../ui/PortalLayout';
import { ApiError, apiRequest, isDriverPath, serverMessage } from '../lib/api';
import { driverFullName } from '../lib/format';
import { useToast } from '../lib/toast';
import { useLiveUpdates } from '../lib/use-live-updates';
import { OfferBar } from './offers/OfferBar';
import { useSoundPrimer } from './offers/offer-alerts';
import { PasswordChangeForm } from './password/PasswordChangeForm';
import { DRIVER_QUERIES } from './driver-queries';
import { DRIVER_SESSION_KEY, forgetDriverData, signInPath } from './session/driver-session';
import './driver.css';

const LINKS = [
  ['/driver/dashboard', 'Dashboard'],
  ['/driver/revenue', 'Revenue'],
] as const;

const isStatus = (error: unknown, status: number) => error instanceof ApiError && error.status === status;

/** Every update of the driver's stream concerns the driver's rides: all the driver's figures. */
const everyDriverQuery = () => Object.values(DRIVER_QUERIES).map((path) => [path]);

/**
 * The driver area's shell and guard. GET /api/drivers/current decides: signed out (401) goes to
 * /login?next=<this page>; a temporary password still in use shows the password change, then
 * the page; otherwise the page, under a header with the driver's name and Log Out. The driver's
 * live stream keeps every driver query fresh while a driver page is open.
 */
export default function DriverLayout() {
  const location = useLocation();
  const queryClient = useQueryClient();
  const toast = useToast();
  // Asked again on each visit: the cookie may have expired or been ended by an admin's reset.
  const session = useQuery<DriverSession>({ queryKey: DRIVER_SESSION_KEY, staleTime: 0 });
  const ready = Boolean(session.data && !session.data.mustChangePassword);
  useSoundPrimer();

  const live = useLiveUpdates({
    url: '/api/drivers/current/stream',
    enabled: ready,
    affected: (_update: LiveUpdate) => everyDriverQuery(),
    onReconnect: everyDriverQuery,
  });

  // A driver call refused later on (session ended elsewhere, password reset by an admin): ask
  // again who is signed in, which leads to the login or the password change.
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        const key = String(event.query.queryKey[0]);
        if (key === DRIVER_SESSION_KEY[0] || !isDriverPath(key)) return;
        const error = event.action.error;
        if (isStatus(error, 401) || (isStatus(error, 403) && serverMessage(error) === DRIVER_MESSAGES.passwordChangeRequired)) {
          void queryClient.invalidateQueries({ queryKey: DRIVER_SESSION_KEY });
        }
      }),
    [queryClient],
  );

  if (session.isError && isStatus(session.error, 401)) {
    return <Navigate to={signInPath(`${location.pathname}${location.search}`)} replace />;
  }

  let content: ReactNode;
  if (session.isPending) content = <LoadingPanel label="Loading your account..." />;
  else if (session.isError) content = <ErrorPanel title="Unable to Load Your Account" error={session.error} message={serverMessage(session.error)} />;
  else if (session.data.mustChangePassword) {
    content = (
      <PasswordChangeForm
        onChanged={(changed) => {
          queryClient.setQueryData(DRIVER_SESSION_KEY, changed);
          toast({ title: 'Password Changed', description: 'Your new password is set. Welcome aboard!' });
        }}
      />
    );
  } else {
    content = (
      <Suspense fallback={<LoadingPanel />}>
        <Outlet context={{ live }} />
      </Suspense>
    );
  }

  return (
    <PortalLayout area="Driver" links={LINKS} showNav={ready} headerEnd={session.data && <DriverHeaderEnd name={driverFullName(session.data.driver)} />} belowHeader={ready && <OfferBar />}>
      {content}
    </PortalLayout>
  );
}

/** The signed-in driver's name and Log Out, at the header's end. */
function DriverHeaderEnd({ name }: { name: string }) {
  return (
    <div className="driver-header-end">
      <span className="driver-header-name">{name}</span>
      <LogOutButton />
    </div>
  );
}

/** POST /api/drivers/logout ends the session whatever its state; the browser forgets the rest. */
function LogOutButton() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const logOut = async () => {
    setBusy(true);
    try {
      await apiRequest('POST', '/api/drivers/logout');
    } catch {
      toast({ title: 'Log Out Failed', description: 'Unable to reach the server. Your session ends when it expires.', variant: 'destructive' });
    }
    forgetDriverData(queryClient);
    navigate('/login', { replace: true });
  };
  return (
    <button type="button" className="btn btn-sm driver-logout" onClick={logOut} disabled={busy}>
      {busy ? 'Logging Out...' : 'Log Out'}
    </button>
  );
}
