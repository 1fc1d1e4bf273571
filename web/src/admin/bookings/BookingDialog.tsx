import { useEffect, useId, useState } from 'react';
import type { Booking } from '@limo/contracts';
import { Dialog } from '../../ui/Dialog';
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
  onReload,
  onOpenBooking,
}: {
  booking: Booking | null;
  mode: DialogMode;
  vehicleName?: string;
  onModeChange: (mode: DialogMode) => void;
  onClose: () => void;
  /** Fetch the booking again (after someone else changed it): the booking as it now is. */
  onReload?: () => Promise<Booking | undefined>;
  /** Show another booking instead (a round trip's other leg). */
  onOpenBooking?: (other: Booking) => void;
}) {
  const id = useId();
  // The saved answer shows at once, before the list it came from is fetched again.
  const [current, setCurrent] = useState<Booking | null>(booking);
  useEffect(() => setCurrent(booking), [booking]);
  // The edit form keeps what the admin typed while live updates refresh the booking; only an
  // asked-for reload starts it afresh from the booking as it now is.
  const [reloads, setReloads] = useState(0);
  // The fresh booking and the new form go in one render: the list's own update reaches this
  // dialog a render later, and a form started before it kept the old values.
  const reload = async () => {
    const fresh = await onReload?.();
    if (fresh) setCurrent(fresh);
    setReloads((n) => n + 1);
  };

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
            key={reloads}
            booking={b}
            onReload={() => void reload()}
            vehicleName={vehicleName}
            idPrefix={id}
            onSaved={(saved) => {
              setCurrent(saved);
              onModeChange('view');
            }}
          />
        ) : (
          <BookingView booking={b} vehicleName={vehicleName} idPrefix={id} onOpenBooking={onOpenBooking} onChanged={setCurrent} />
        ))}
    </Dialog>
  );
}
