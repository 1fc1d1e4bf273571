import { useMutation } from '@tanstack/react-query';
import type { Driver, PasswordResetResult } from '@limo/contracts';
import { TemporaryPassword } from '../../components/driver-registration/TemporaryPassword';
import { apiJson, serverMessage } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { Dialog } from '../../ui/Dialog';
import { driverFullName } from './driver-format';
import '../../components/driver-registration/registration.css';

/**
 * Reset Password: asks first (the driver's sessions end and the old password stops working),
 * then POST /api/admin/drivers/{id}/reset-password and the new temporary password, shown once.
 */
export function ResetPasswordDialog({ driver, onClose }: { driver: Driver | null; onClose: () => void }) {
  const toast = useToast();
  const reset = useMutation({
    mutationFn: (id: number) => apiJson<PasswordResetResult>('POST', `/api/admin/drivers/${id}/reset-password`),
    onError: (error) => {
      toast({ title: 'Reset Failed', description: serverMessage(error) ?? 'Failed to reset the password. Please try again.', variant: 'destructive' });
    },
  });
  const close = () => {
    // The password is shown once: closing forgets it.
    reset.reset();
    onClose();
  };
  const name = driver ? driverFullName(driver) : '';
  const result = reset.data && driver && reset.data.driverId === driver.id ? reset.data : null;

  return (
    <Dialog
      open={Boolean(driver)}
      onClose={close}
      title="Reset Password"
      description={driver ? `${name} (@${driver.username})` : undefined}
      footer={
        result ? (
          <button type="button" className="btn btn-primary" onClick={close}>
            Done
          </button>
        ) : (
          <>
            <button type="button" className="btn btn-outline" onClick={close} disabled={reset.isPending}>
              Cancel
            </button>
            <button type="button" className="btn btn-danger" onClick={() => driver && reset.mutate(driver.id)} disabled={reset.isPending}>
              {reset.isPending ? 'Resetting...' : 'Reset Password'}
            </button>
          </>
        )
      }
    >
      {result ? (
        <>
          <p>
            {name}'s password has been reset. Their sessions have ended; they sign in as <strong className="mono">{result.username}</strong> with this
            password and choose a new one.
          </p>
          <TemporaryPassword password={result.temporaryPassword} audience="admin" />
        </>
      ) : (
        <p>
          Give {name} a new temporary password? Their current password stops working at once and they are signed out everywhere. You will see the
          new password once, to share with them.
        </p>
      )}
    </Dialog>
  );
}
