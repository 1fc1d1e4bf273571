import { useEffect, useId, useState } from 'react';
import type { Booking } from '@limo/contracts';
import { Dialog } from '../components/Dialog';
import { BookingEdit, BookingEditActions } from './BookingEdit';
import { BookingView, BookingViewActions } from './BookingView';

export type DialogMode = 'view' | 'edit';

/**
 * The booking dialog's shell: one modal for both modes, with the booking as last saved. View
 * mode shows it (BookingView); edit mode changes its status and notes (BookingEdit). Cancel
 * leaves edit mode with nothing kept, so the next edit starts from the saved status and notes.
 */
export function BookingDialog({
  booking,
  mode,
  vehicleName,
  onModeChange,
  onClose,
}: {
  booking: Booking | null;
  mode: DialogMode;
  vehicleName?: string;
  onModeChange: (mode: DialogMode) => void;
  onClose: () => void;
}) {
  const id = useId();
  // The saved answer shows at once, before the list it came from is fetched again.
  const [current, setCurrent] = useState<Booking | null>(booking);
  useEffect(() => setCurrent(booking), [booking]);

  const editing = mode === 'edit';
  const b = current;
  return (
    <Dialog
      open={Boolean(b)}
      onClose={onClose}
      size="lg"
      title={b ? `Booking #${b.id}` : 'Booking'}
      description={b ? `${editing ? 'Edit' : 'View'} booking ${b.reference}` : undefined}
      footer={
        b &&
        (editing ? (
          <BookingEditActions booking={b} idPrefix={id} onCancel={() => onModeChange('view')} />
        ) : (
          <BookingViewActions onClose={onClose} onEdit={() => onModeChange('edit')} />
        ))
      }
    >
      {b &&
        (editing ? (
          <BookingEdit
            booking={b}
            vehicleName={vehicleName}
            idPrefix={id}
            onSaved={(saved) => {
              setCurrent(saved);
              onModeChange('view');
            }}
          />
        ) : (
          <BookingView booking={b} vehicleName={vehicleName} idPrefix={id} />
        ))}
    </Dialog>
  );
}
