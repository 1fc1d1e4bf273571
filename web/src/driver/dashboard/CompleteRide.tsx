import { useId } from 'react';
import { z } from 'zod';
import { RideExtras } from '@limo/contracts/booking/settlement';
import { ExtrasFields, extrasSum, type ExtraRow } from '../../components/ride-extras/ExtrasFields';
import { formatMoney } from '../../lib/format';
import { useSchemaForm } from '../../lib/forms/use-schema-form';

const CompletionForm = z.object({ extras: RideExtras });

/**
 * After the drop-off: the extras the passenger pays for beyond the quote (an extra stop, tolls,
 * parking, each with a note), then Complete Ride, which settles the final price for the office
 * to review (decisions.md, "Airport rides").
 */
export function CompleteRide({ reference, pending, onComplete }: { reference: string; pending: boolean; onComplete: (extras: z.output<typeof RideExtras>) => void }) {
  const id = useId();
  const form = useSchemaForm(CompletionForm, { extras: [] as ExtraRow[] });
  const rows = form.values.extras;
  const sum = extrasSum(rows);
  return (
    <form ref={form.ref} className="complete-ride" aria-label={`Complete ${reference}`} noValidate onSubmit={form.submit(({ extras }) => onComplete(extras))}>
      <ExtrasFields id={id} rows={rows} onChange={(next) => form.set('extras', next)} errors={form.errors} />
      <div className="ride-actions">
        <button type="submit" className="btn btn-sm btn-primary" disabled={pending}>
          {rows.length === 0 ? 'Complete Ride' : `Complete Ride with ${formatMoney(sum)} extras`}
        </button>
      </div>
    </form>
  );
}
