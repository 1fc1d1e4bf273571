import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { DriverRegistration, DriverRegistrationResult } from '@limo/contracts';
import { DriverRegistrationForm, refusedFields } from '../../components/driver-registration/DriverRegistrationForm';
import { RegistrationSuccess } from '../../components/driver-registration/RegistrationSuccess';
import '../../components/driver-registration/registration.css';
import { useAdminLoggedIn } from '../../lib/admin-session';
import { apiJson, serverMessage } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { useDocumentMeta } from '../../lib/use-document-title';
import { BackLink } from '../../ui/BackLink';
import { isAuthProblem } from '../components/AuthErrorPanel';

export default function AdminRegisterDriverPage() {
  useDocumentMeta('Register Driver', 'Register a new chauffeur and get their login details.');
  const toast = useToast();
  const queryClient = useQueryClient();
  const [result, setResult] = useState<DriverRegistrationResult | null>(null);
  const signedIn = useAdminLoggedIn();

  const register = useMutation({
    // The public form shares this path: sent without the admin's credentials it would be a
    // self-registration awaiting approval, so without them it is not sent at all.
    mutationFn: (payload: DriverRegistration) => apiJson<DriverRegistrationResult>('POST', '/api/register-driver', payload, { adminAuth: 'required' }),
    onSuccess: (driver) => {
      setResult(driver);
      toast({ title: 'Driver Registered Successfully', description: `Username: ${driver.username}` });
      void queryClient.invalidateQueries({ queryKey: ['/api/drivers'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/admin/stats'] });
    },
    onError: (error) => {
      // A refusal of a field shows under it (the form), not in a toast.
      if (Object.keys(refusedFields(error)).length > 0) return;
      const description = isAuthProblem(error) ? SIGN_IN_AGAIN : (serverMessage(error) ?? 'Failed to register driver');
      toast({ title: 'Registration Failed', description, variant: 'destructive' });
    },
  });
  const refused = refusedFields(register.error);

  return (
    <section className="admin-page" aria-labelledby="register-driver-heading">
      <BackLink to="/admin/dashboard">Back to Dashboard</BackLink>
      <header className="admin-page-header">
        <div>
          <h1 id="register-driver-heading">Register New Driver</h1>
          <p className="muted">Add a chauffeur to the team. Their account is active at once.</p>
        </div>
      </header>
      {result ? (
        <RegisteredDriver driver={result} onAnother={() => setResult(null)} />
      ) : !signedIn ? (
        <SignInFirst />
      ) : (
        <div className="card registration-card">
          <div className="registration-note" role="note">
            <p>
              <strong>Username:</strong> created automatically from the first 4 letters of the last name and the first 2 letters of the first name, in
              lowercase (John Smith becomes <code>smitjo</code>). If it is taken, a number is added (<code>smitjo2</code>).
            </p>
            <p>A one-time temporary password is generated and shown after registration; the driver must change it at first login.</p>
          </div>
          <DriverRegistrationForm
            labelledBy="register-driver-heading"
            submitLabel="Register Driver"
            pendingLabel="Registering Driver..."
            pending={register.isPending}
            onSubmit={(payload) => register.mutate(payload)}
            refused={refused}
            onEdit={() => register.error && register.reset()}
          />
        </div>
      )}
    </section>
  );
}

const SIGN_IN_AGAIN = 'You are not signed in as an administrator, or your session has expired. Please log in again.';

/** Without the admin's credentials the form is not offered: what it sent would be a public application. */
function SignInFirst() {
  return (
    <div className="card registration-card" role="alert" data-testid="register-sign-in">
      <h2>Please log in first</h2>
      <p>Only a signed-in administrator can register a driver here, and a driver registered here is active at once.</p>
      <p className="muted">
        A chauffeur applying on their own uses <Link to="/driver/register">the driver application</Link>, which an administrator then approves.
      </p>
      <div className="result-actions">
        <Link to="/admin" state={{ from: '/admin/register-driver' }} className="btn btn-primary">
          Log In
        </Link>
      </div>
    </div>
  );
}

function RegisteredDriver({ driver, onAnother }: { driver: DriverRegistrationResult; onAnother: () => void }) {
  return (
    <RegistrationSuccess driver={driver} audience="admin" heading={<h2>Driver Registered Successfully</h2>} intro="Share these login details with the driver.">
      <div className="result-actions">
        <button type="button" className="btn btn-primary" onClick={onAnother}>
          Register Another Driver
        </button>
        <Link to="/admin/drivers" className="btn btn-outline">
          View All Drivers
        </Link>
        <Link to="/admin/dashboard" className="btn btn-ghost">
          Back to Dashboard
        </Link>
      </div>
    </RegistrationSuccess>
  );
}
