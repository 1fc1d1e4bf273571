import type { DriverRegistrationResult } from '@limo/contracts';
import { formatPhone } from '../../lib/phone';

/** The registered driver's details on both registration success screens. */
export function RegisteredDriverFacts({ driver }: { driver: DriverRegistrationResult }) {
  return (
    <dl className="result-facts">
      <div>
        <dt>Name</dt>
        <dd>
          {driver.firstName} {driver.lastName}
        </dd>
      </div>
      <div>
        <dt>Username</dt>
        <dd className="mono" data-testid="registered-username">
          {driver.username}
        </dd>
      </div>
      <div>
        <dt>Email</dt>
        <dd>{driver.email}</dd>
      </div>
      <div>
        <dt>Phone</dt>
        <dd>{formatPhone(driver.phone)}</dd>
      </div>
      <div>
        <dt>License</dt>
        <dd>{driver.licenseNumber}</dd>
      </div>
      <div className="span-2">
        <dt>Address</dt>
        <dd>{driver.address}</dd>
      </div>
    </dl>
  );
}
