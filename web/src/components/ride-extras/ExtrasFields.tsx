import { EXTRA_KINDS, EXTRA_LABELS, MAX_EXTRAS, type ExtraKind } from '@limo/contracts/booking/settlement';
import type { FieldMessages } from '../../lib/forms/field-messages';
import { TextField } from '../../ui/TextField';
import './ride-extras.css';

export type ExtraRow = { kind: ExtraKind; amount: string; note: string };

const NEW_EXTRA: ExtraRow = { kind: 'tolls', amount: '', note: '' };

/** What the rows add up to, for the "extras $X" line beside them; blank or mistyped amounts count nothing. */
export function extrasSum(rows: readonly ExtraRow[]): number {
  return rows.reduce((sum, row) => sum + (/^\d{1,5}(\.\d{1,2})?$/.test(row.amount.trim()) ? Math.round(Number(row.amount) * 100) : 0), 0);
}

interface ExtrasFieldsProps {
  id: string;
  rows: ExtraRow[];
  onChange: (rows: ExtraRow[]) => void;
  errors: FieldMessages;
  /** The list's path in the form's errors ('extras'). */
  path?: string;
}

/**
 * The extras of a settlement (an extra stop, tolls, parking), each with its amount and a note:
 * the driver's at completion and the admin's in the review. The list is changed as a whole.
 */
export function ExtrasFields({ id, rows, onChange, errors, path = 'extras' }: ExtrasFieldsProps) {
  const change = (index: number, patch: Partial<ExtraRow>) => onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <fieldset className="extras-fields">
      <legend>Extras</legend>
      {rows.length === 0 && <p className="field-hint">No extras: an extra stop, tolls or parking the passenger pays for.</p>}
      {rows.map((row, i) => (
        <div className="extra-row" key={i} data-testid="extra-row">
          <div className="field">
            <label htmlFor={`${id}-kind-${i}`}>Extra {i + 1}</label>
            <select id={`${id}-kind-${i}`} value={row.kind} onChange={(e) => change(i, { kind: e.target.value as ExtraKind })}>
              {EXTRA_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {EXTRA_LABELS[kind]}
                </option>
              ))}
            </select>
          </div>
          <TextField id={`${id}-amount-${i}`} label="Amount ($)" inputMode="decimal" value={row.amount} onChange={(e) => change(i, { amount: e.target.value })} error={errors[`${path}.${i}.amount`]} required />
          <TextField id={`${id}-note-${i}`} label="Note" className="extra-note" value={row.note} maxLength={200} onChange={(e) => change(i, { note: e.target.value })} error={errors[`${path}.${i}.note`]} placeholder="Where, what for" />
          <button type="button" className="btn btn-outline btn-sm extra-remove" aria-label={`Remove extra ${i + 1}`} onClick={() => onChange(rows.filter((_, j) => j !== i))}>
            Remove
          </button>
        </div>
      ))}
      {errors[path] && <p className="field-error">{errors[path]}</p>}
      {rows.length < MAX_EXTRAS && (
        <button type="button" className="btn btn-outline btn-sm" onClick={() => onChange([...rows, { ...NEW_EXTRA }])}>
          Add extra
        </button>
      )}
    </fieldset>
  );
}
