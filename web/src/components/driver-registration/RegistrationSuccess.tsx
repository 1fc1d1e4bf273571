import type { ReactNode } from 'react';
import type { DriverRegistrationResult } from '@limo/contracts';
import { RegisteredDriverFacts } from './RegisteredDriverFacts';
import { TemporaryPassword } from './TemporaryPassword';

interface RegistrationSuccessProps {
  driver: DriverRegistrationResult;
  /** Who reads the temporary password: the admin passes it on, the driver keeps it. */
  audience: 'admin' | 'driver';
  heading: ReactNode;
  intro: string;
  /** What comes next: the page's own steps and links. */
  children: ReactNode;
}

/** Both registration pages' success screen: the new account's details and its one-time password. */
export function RegistrationSuccess({ driver, audience, heading, intro, children }: RegistrationSuccessProps) {
  return (
    <div className="card registration-card" role="status" aria-live="polite">
      <div className="success-mark" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="28" height="28">
          <path fill="currentColor" d="M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41L9 16.17Z" />
        </svg>
      </div>
      {heading}
      <p className="muted">{intro}</p>
      <RegisteredDriverFacts driver={driver} />
      <TemporaryPassword password={driver.temporaryPassword} audience={audience} />
      {children}
    </div>
  );
}
