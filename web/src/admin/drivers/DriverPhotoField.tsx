import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { DRIVER_PHOTO_MAX_BYTES, DRIVER_PHOTO_MESSAGES, type Driver } from '@limo/contracts';
import { apiJson, serverMessage } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { Avatar } from '../../ui/Avatar';
import { driverPhotoPath, useDriverPhotoUrl } from './driver-photo';

/**
 * The driver's photo in the Edit dialog: what is stored (the server's 256x256 crop, so the preview
 * is what customers will see), a file picker that uploads at once, and Remove. The image is
 * resized by the gateway: the browser sends the file as picked, with no image library.
 */
export function DriverPhotoField({ driver }: { driver: Driver }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const photoUrl = useDriverPhotoUrl(driver);
  const [error, setError] = useState<string>();
  const inputId = `driver-${driver.id}-photo`;

  const saved = (updated: Driver) => {
    setError(undefined);
    queryClient.setQueryData<Driver[]>(['/api/drivers'], (list) => list?.map((d) => (d.id === updated.id ? updated : d)));
    void queryClient.invalidateQueries({ queryKey: ['/api/drivers'] });
  };
  const failed = (title: string) => (failure: unknown) => {
    const message = serverMessage(failure) ?? 'Please try again.';
    setError(message);
    toast({ title, description: message, variant: 'destructive' });
  };
  const upload = useMutation({
    mutationFn: (file: File) => apiJson<Driver>('PUT', driverPhotoPath(driver.id), file),
    onSuccess: (updated) => {
      saved(updated);
      toast({ title: 'Photo Saved', description: 'The new photo is shown to customers tracking this chauffeur.' });
    },
    onError: failed('Upload Failed'),
  });
  const remove = useMutation({
    mutationFn: () => apiJson<Driver>('DELETE', driverPhotoPath(driver.id)),
    onSuccess: (updated) => {
      saved(updated);
      toast({ title: 'Photo Removed', description: 'Customers see the initials instead.' });
    },
    onError: failed('Remove Failed'),
  });
  const busy = upload.isPending || remove.isPending;

  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be picked again after a failure.
    event.target.value = '';
    if (!file) return;
    if (file.size > DRIVER_PHOTO_MAX_BYTES) return setError(DRIVER_PHOTO_MESSAGES.tooLarge);
    upload.mutate(file);
  };

  return (
    <div className="driver-photo-field">
      <Avatar firstName={driver.firstName} lastName={driver.lastName} size="xl" photoUrl={photoUrl} />
      <div>
        <p className="driver-photo-label">Photo</p>
        <p className="muted small">JPEG, PNG or WebP up to 5 MB; cropped to a square.</p>
        <div className="driver-photo-actions">
          {/* The input stays in the tab order (hidden, not removed); its label is the button the eye sees. */}
          <input id={inputId} type="file" accept="image/jpeg,image/png,image/webp" className="visually-hidden" onChange={picked} disabled={busy} />
          <label htmlFor={inputId} className={`btn btn-outline btn-sm${busy ? ' disabled' : ''}`}>
            {upload.isPending ? 'Uploading...' : driver.photoVersion ? 'Replace photo' : 'Upload photo'}
          </label>
          {driver.photoVersion && (
            <button type="button" className="btn btn-outline btn-sm" onClick={() => remove.mutate()} disabled={busy}>
              {remove.isPending ? 'Removing...' : 'Remove photo'}
            </button>
          )}
        </div>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
