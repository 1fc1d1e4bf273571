import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { DriverRegistration, DriverRegistrationResult } from '@limo/contracts';
import { DriverRegistrationForm, refusedFields } from '../../components/driver-registration/DriverRegistrationForm';
import { RegistrationSuccess } from '../../components/driver-registration/RegistrationSuccess';
import '../../components/driver-registration/registration.css';
import { apiJson, serverMessage } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { useDocumentMeta } from '../../lib/use-document-title';
import './driver-register.css';

/** Public self-registration for chauffeurs: the account awaits an administrator's approval. */
export default function DriverRegisterPage() {
  useDocumentMeta('Driver Registration', 'Join the Prestige Limo chauffeur team: register as a driver.');
  const toast = useToast();
  const [result, setResult] = useState<DriverRegistrationResult | null>(null);

  const register = useMutation({
    // Never with an admin's stored credential: a self-registration must await approval.
    mutationFn: (payload: DriverRegistration) =>
      apiJson<DriverRegistrationResult>('POST', '/api/register-driver', payload, { adminAuth: false }),
    onSuccess: (driver) => {
      setResult(driver);
      toast({
        title: 'Driver Registration Successful!',
        description: `Welcome to the team, ${driver.firstName}! Your username is ${driver.username}.`,
      });
      window.scrollTo({ top: 0 });
    },
    onError: (error) => {
      // A refusal of a field shows under it (the form), not in a toast.
      if (Object.keys(refusedFields(error)).length > 0) return;
      toast({
        title: 'Registration Failed',
        description: serverMessage(error) ?? 'Failed to register driver. Please try again.',
        variant: 'destructive',
      });
    },
  });
  const refused = refusedFields(register.error);

  return (
    <section className="driver-register" aria-labelledby="driver-register-heading">
      <div className="driver-register-inner">
        <Link to="/login" className="btn btn-outline btn-sm driver-back">
          <span aria-hidden="true">←</span> Back to Login
        </Link>
        {result ? (
          <Success driver={result} />
        ) : (
          <>
            <header className="driver-register-header">
              <h1 id="driver-register-heading">Join Our Driver Team</h1>
              <p className="muted">Drive with Southern California's luxury chauffeur service. Tell us about yourself to get started.</p>
            </header>
            <div className="driver-register-layout">
              <div className="card registration-card">
                <DriverRegistrationForm
                  labelledBy="driver-register-heading"
                  submitLabel="Register as Driver"
                  pendingLabel="Creating Your Account..."
                  pending={register.isPending}
                  onSubmit={(payload) => register.mutate(payload)}
                  refused={refused}
                  onEdit={() => register.error && register.reset()}
                />
              </div>
              <aside className="card what-next" aria-labelledby="what-next-heading">
                <h2 id="what-next-heading">What happens next?</h2>
                <ul className="next-steps">
                  <li>
                    Your username is generated automatically from your name (first 4 letters of your last name and first 2 of your first name).
                  </li>
                  <li>A temporary password is shown once after you register. Keep it safe: you will choose your own at first login.</li>
                  <li>An administrator will review your application.</li>
                  <li>Once approved, you can log in and start accepting rides.</li>
                </ul>
              </aside>
            </div>
          </>
        )}
      </div>
    </section>
  );
}

function Success({ driver }: { driver: DriverRegistrationResult }) {
  return (
    <RegistrationSuccess
      driver={driver}
      audience="driver"
      heading={<h1 id="driver-register-heading">Registration Successful!</h1>}
      intro={`Thank you for applying, ${driver.firstName}. Here are your account details.`}
    >
      <h2 className="section-title">Next steps</h2>
      <ul className="next-steps">
        <li>An administrator will review your application.</li>
        <li>Once approved, log in with your username and temporary password.</li>
        <li>Choose your own password at first login, then start accepting rides.</li>
      </ul>
      <div className="result-actions">
        <Link to="/login" className="btn btn-primary">
          Log In Now
        </Link>
        <Link to="/" className="btn btn-outline">
          Go to Home
        </Link>
      </div>
    </RegistrationSuccess>
  );
}
