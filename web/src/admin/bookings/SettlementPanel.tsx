import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import type { Booking } from '@limo/contracts';
import { EXTRA_LABELS, RideExtras, type Settlement, type SettlementReviewInput } from '@limo/contracts/booking/settlement';
import { Money } from '@limo/contracts/common/money';
import { ExtrasFields, extrasSum, type ExtraRow } from '../../components/ride-extras/ExtrasFields';
import { ApiError, apiJson, serverMessage } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { useSchemaForm } from '../../lib/forms/use-schema-form';
import { useToast } from '../../lib/toast';
import { waitText } from '../../lib/wait-text';
import { TextField } from '../../ui/TextField';

/** What a review changes: the booking lists, the dashboard and the ride's history. */
const AFFECTED_QUERIES = ['/api/admin/bookings', '/api/bookings', '/api/admin/stats', '/api/admin/revenue/summary'];

const AdjustForm = z.object({
  wait: z.string().trim().regex(/^\d{1,5}(\.\d{1,2})?$/, 'The wait charge is an amount of $0.00 or more').transform((v) => Number(v).toFixed(2)).pipe(Money),
  extras: RideExtras,
  reason: z.string().trim().min(1, 'Say why the final price is adjusted (up to 300 characters)').max(300, 'Say why the final price is adjusted (up to 300 characters)'),
});

/**
 * A completed ride's final price (decisions.md, "Airport rides"): the quote, the wait charged,
 * the driver's extras and the total, with Approve (the receipt goes to the customer) or Adjust:
 * the wait and the extras as they should be, and why (a corrected receipt when already approved).
 */
export function SettlementPanel({ booking, idPrefix: id, onChanged }: { booking: Booking & { settlement: Settlement }; idPrefix: string; onChanged: (saved: Booking) => void }) {
  const s = booking.settlement;
  const [adjusting, setAdjusting] = useState(false);
  const toast = useToast();
  const queryClient = useQueryClient();
  const review = useMutation({
    mutationFn: (body: SettlementReviewInput) => apiJson<Booking>('POST', `/api/admin/bookings/${booking.id}/settlement`, { ...body, version: booking.version }),
    onSuccess: (saved, body) => {
      onChanged(saved);
      setAdjusting(false);
      toast({
        title: body.decision === 'approve' ? 'Final Price Approved' : 'Final Price Adjusted',
        description: `${booking.reference}: ${formatMoney(saved.settlement?.finalAmount)}. The receipt is on its way to ${booking.email}.`,
      });
      for (const key of [...AFFECTED_QUERIES, `/api/admin/bookings/${booking.id}/timeline`]) void queryClient.invalidateQueries({ queryKey: [key] });
    },
    onError: (error) => {
      const refusal = error instanceof ApiError && error.status >= 400 && error.status < 500 ? serverMessage(error) : undefined;
      toast({ title: 'Review Not Saved', description: refusal ?? 'The final price could not be saved. Please try again.', variant: 'destructive' });
    },
  });

  return (
    <section className="dialog-section settlement" aria-labelledby={`${id}-settlement`} data-testid="settlement">
      <h3 id={`${id}-settlement`}>
        Final Price{' '}
        <span className={`badge ${s.status === 'approved' ? 'badge-green' : 'badge-yellow'}`}>{s.status === 'approved' ? 'Approved' : 'To review'}</span>
      </h3>
      <dl className="facts settlement-lines">
        <div>
          <dt>Quote</dt>
          <dd>{formatMoney(s.quote)}</dd>
        </div>
        <div>
          <dt>Waiting</dt>
          <dd>
            {formatMoney(s.wait)}
            {booking.wait ? <span className="field-hint"> ({waitText(booking.wait)})</span> : null}
          </dd>
        </div>
        {s.extras.map((extra, i) => (
          <div key={i}>
            <dt>{EXTRA_LABELS[extra.kind]}</dt>
            <dd>
              {formatMoney(extra.amount)}
              {extra.note && <span className="field-hint"> {extra.note}</span>}
            </dd>
          </div>
        ))}
        <div>
          <dt>Final amount</dt>
          <dd>
            <strong data-testid="final-amount">{formatMoney(s.finalAmount)}</strong>
          </dd>
        </div>
        <div>
          <dt>Driver earns</dt>
          <dd>{booking.driverEarnings ? formatMoney(booking.driverEarnings) : 'Nobody (no driver accepted it)'}</dd>
        </div>
        {s.reviewedAt && (
          <div className="span-2">
            <dt>Reviewed</dt>
            <dd>
              {s.reviewedBy ?? 'Admin'}, {new Date(s.reviewedAt).toLocaleString('en-US', { timeZone: 'America/Los_Angeles', dateStyle: 'medium', timeStyle: 'short' })}
              {s.adjustmentReason && `: ${s.adjustmentReason}`}
            </dd>
          </div>
        )}
      </dl>
      {adjusting ? (
        <AdjustSettlement settlement={s} idPrefix={id} pending={review.isPending} onCancel={() => setAdjusting(false)} onSave={(body) => review.mutate({ decision: 'adjust', ...body })} />
      ) : (
        <div className="ride-actions">
          {s.status === 'to-review' && (
            <button type="button" className="btn btn-primary btn-sm" disabled={review.isPending} onClick={() => review.mutate({ decision: 'approve' })}>
              Approve and Send Receipt
            </button>
          )}
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setAdjusting(true)}>
            Adjust
          </button>
        </div>
      )}
    </section>
  );
}

function AdjustSettlement({
  settlement: s,
  idPrefix: id,
  pending,
  onCancel,
  onSave,
}: {
  settlement: Settlement;
  idPrefix: string;
  pending: boolean;
  onCancel: () => void;
  onSave: (body: z.output<typeof AdjustForm>) => void;
}) {
  const form = useSchemaForm(AdjustForm, { wait: s.wait, extras: s.extras.map((e) => ({ ...e })) as ExtraRow[], reason: '' });
  const wait = /^\d{1,5}(\.\d{1,2})?$/.test(form.values.wait.trim()) ? Math.round(Number(form.values.wait) * 100) : 0;
  const quoteCents = Math.round(Number(s.quote) * 100);
  return (
    <form ref={form.ref} noValidate aria-label="Adjust the final price" onSubmit={form.submit(onSave)}>
      <TextField id={`${id}-adjust-wait`} label="Waiting charge ($)" inputMode="decimal" value={form.values.wait} onChange={(e) => form.set('wait', e.target.value)} error={form.errors.wait} />
      <ExtrasFields id={`${id}-adjust`} rows={form.values.extras} onChange={(rows) => form.set('extras', rows)} errors={form.errors} />
      <TextField id={`${id}-adjust-reason`} label="Reason for the adjustment" required maxLength={300} value={form.values.reason} onChange={(e) => form.set('reason', e.target.value)} error={form.errors.reason} />
      <p className="settlement-preview">
        New final amount: <strong>{formatMoney(quoteCents + wait + extrasSum(form.values.extras))}</strong>
      </p>
      <div className="ride-actions">
        <button type="button" className="btn btn-outline btn-sm" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary btn-sm" disabled={pending}>
          Save and Send Receipt
        </button>
      </div>
    </form>
  );
}
