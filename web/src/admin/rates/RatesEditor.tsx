import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import type { RatesUpdate, RatesView, RateTable, RateZone, Vehicle } from '@limo/contracts';
import { useSchemaForm, type SchemaForm } from '../../lib/forms/use-schema-form';
import { apiJson, serverMessage } from '../../lib/api';
import { PRICE_GUIDE_KEY } from '../../lib/price-guide';
import { useToast } from '../../lib/toast';
import { RatePreview } from './RatePreview';
import { EMPTY_ZONE_FARE, RatesForm, ratesFormOf, zoneFareMessage, type RatesFormValues } from './rates-form';

type Form = SchemaForm<RatesFormValues, RateTable>;

const ZONE_KINDS: [RateZone['kind'], string][] = [
  ['airport', 'Airports'],
  ['city', 'Cities'],
  ['neighborhood', 'Neighbourhoods'],
];

/** One figure of the table: its label, its input, and its message under it. */
function Figure(props: { id: string; label: ReactNode; value: string; error?: string; onChange: (value: string) => void; hideLabel?: boolean; numeric?: boolean }) {
  const { id, label, value, error, onChange, hideLabel, numeric } = props;
  return (
    <div className="field">
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <input
        id={id}
        inputMode={numeric ? 'numeric' : 'decimal'}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

function ZoneSelect(props: { id: string; label: string; value: string; zones: readonly RateZone[]; invalid: boolean; describedBy?: string; onChange: (id: string) => void }) {
  const { id, label, value, zones, invalid, describedBy, onChange } = props;
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={invalid || undefined} aria-describedby={describedBy}>
        <option value="">Choose a zone</option>
        {ZONE_KINDS.map(([kind, title]) => (
          <optgroup key={kind} label={title}>
            {zones
              .filter((z) => z.kind === kind)
              .map((z) => (
                <option key={z.id} value={z.id}>
                  {z.name}
                </option>
              ))}
          </optgroup>
        ))}
      </select>
    </>
  );
}

function VehicleRates({ form, id, vehicles }: { form: Form; id: string; vehicles: readonly Vehicle[] }) {
  const { values, errors } = form;
  const name = (vehicleId: number) => vehicles.find((v) => v.id === vehicleId)?.name ?? `Vehicle ${vehicleId}`;
  const change = (i: number, key: 'hourlyRate' | 'minimumHours' | 'transferPercent', value: string) =>
    form.set(
      'vehicles',
      values.vehicles.map((v, j) => (j === i ? { ...v, [key]: value } : v)),
    );
  return (
    <fieldset className="card rates-section">
      <legend className="section-title">Vehicles</legend>
      <p className="muted small">Hourly rides: the rate per hour and the fewest hours booked. Transfers: the zone and distance fares below (the Executive Sedan's) times the percentage.</p>
      <div className="table-scroll">
        <table className="data-table rates-table">
          <thead>
            <tr>
              <th scope="col">Vehicle</th>
              <th scope="col">Hourly rate ($)</th>
              <th scope="col">Minimum hours</th>
              <th scope="col">Transfers (%)</th>
            </tr>
          </thead>
          <tbody>
            {values.vehicles.map((v, i) => (
              <tr key={v.vehicleId}>
                <th scope="row">{name(v.vehicleId)}</th>
                <td>
                  <Figure id={`${id}-v${i}-hourly`} label={`Hourly rate of the ${name(v.vehicleId)} ($)`} hideLabel value={v.hourlyRate} error={errors[`vehicles.${i}.hourlyRate`]} onChange={(x) => change(i, 'hourlyRate', x)} />
                </td>
                <td>
                  <Figure id={`${id}-v${i}-hours`} label={`Minimum hours of the ${name(v.vehicleId)}`} hideLabel numeric value={v.minimumHours} error={errors[`vehicles.${i}.minimumHours`]} onChange={(x) => change(i, 'minimumHours', x)} />
                </td>
                <td>
                  <Figure id={`${id}-v${i}-percent`} label={`Transfer percentage of the ${name(v.vehicleId)}`} hideLabel numeric value={v.transferPercent} error={errors[`vehicles.${i}.transferPercent`]} onChange={(x) => change(i, 'transferPercent', x)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </fieldset>
  );
}

function ZoneFares({ form, id, zones }: { form: Form; id: string; zones: readonly RateZone[] }) {
  const { values, errors } = form;
  const name = (zoneId: string) => zones.find((z) => z.id === zoneId)?.name ?? 'a new zone';
  const change = (i: number, key: 'from' | 'to' | 'fare', value: string) =>
    form.set(
      'zoneFares',
      values.zoneFares.map((f, j) => (j === i ? { ...f, [key]: value } : f)),
    );
  return (
    <fieldset className="card rates-section">
      <legend className="section-title">Zone fares</legend>
      <p className="muted small">The Executive Sedan&rsquo;s transfer fare between two zones, either way. A pair can be entered once.</p>
      <div className="table-scroll">
        <table className="data-table rates-table rates-zone-table">
          <thead>
            <tr>
              <th scope="col">From</th>
              <th scope="col">To</th>
              <th scope="col">Fare ($)</th>
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {values.zoneFares.map((f, i) => {
              const message = zoneFareMessage(errors, i, zones);
              const pair = `${name(f.from)} to ${name(f.to)}`;
              const messageId = `${id}-z${i}-error`;
              return (
                <tr key={i} className={message ? 'has-error' : undefined}>
                  <td>
                    <ZoneSelect id={`${id}-z${i}-from`} label={`Row ${i + 1}: from`} value={f.from} zones={zones} invalid={Boolean(message)} describedBy={message ? messageId : undefined} onChange={(x) => change(i, 'from', x)} />
                    {message && (
                      <p id={messageId} className="field-error">
                        {message}
                      </p>
                    )}
                  </td>
                  <td>
                    <ZoneSelect id={`${id}-z${i}-to`} label={`Row ${i + 1}: to`} value={f.to} zones={zones} invalid={Boolean(message)} describedBy={message ? messageId : undefined} onChange={(x) => change(i, 'to', x)} />
                  </td>
                  <td>
                    <label htmlFor={`${id}-z${i}-fare`} className="visually-hidden">
                      Fare {pair} ($)
                    </label>
                    <input
                      id={`${id}-z${i}-fare`}
                      className="input"
                      inputMode="decimal"
                      value={f.fare}
                      onChange={(e) => change(i, 'fare', e.target.value)}
                      aria-invalid={errors[`zoneFares.${i}.fare`] ? true : undefined}
                      aria-describedby={message ? messageId : undefined}
                    />
                  </td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-outline btn-sm"
                      aria-label={`Remove the fare ${pair}`}
                      onClick={() =>
                        form.set(
                          'zoneFares',
                          values.zoneFares.filter((_, j) => j !== i),
                        )
                      }
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <button type="button" className="btn btn-outline btn-sm" onClick={() => form.set('zoneFares', [...values.zoneFares, { ...EMPTY_ZONE_FARE }])}>
        <span aria-hidden="true">+</span> Add zone fare
      </button>
    </fieldset>
  );
}

function OtherFares({ form, id }: { form: Form; id: string }) {
  const { values, errors } = form;
  const setDistance = (key: keyof RatesFormValues['distance'], value: string) => form.set('distance', { ...values.distance, [key]: value });
  const setExtra = (key: keyof RatesFormValues['extras'], value: string) => form.set('extras', { ...values.extras, [key]: value });
  return (
    <>
      <fieldset className="card rates-section">
        <legend className="section-title">Distance fare</legend>
        <p className="muted small">For rides no zone pair covers: flag fall plus the rate per road mile, never below the minimum.</p>
        <div className="form-grid form-grid-3">
          <Figure id={`${id}-flag-fall`} label="Flag fall ($)" value={values.distance.flagFall} error={errors['distance.flagFall']} onChange={(x) => setDistance('flagFall', x)} />
          <Figure id={`${id}-per-mile`} label="Per road mile ($)" value={values.distance.perMile} error={errors['distance.perMile']} onChange={(x) => setDistance('perMile', x)} />
          <Figure id={`${id}-minimum`} label="Minimum fare ($)" value={values.distance.minimum} error={errors['distance.minimum']} onChange={(x) => setDistance('minimum', x)} />
        </div>
      </fieldset>
      <fieldset className="card rates-section">
        <legend className="section-title">Extras</legend>
        <div className="form-grid form-grid-3">
          <Figure id={`${id}-meet-greet`} label="Meet & Greet ($)" value={values.extras.meetGreet} error={errors['extras.meetGreet']} onChange={(x) => setExtra('meetGreet', x)} />
          <Figure id={`${id}-child-seat`} label="Each child seat ($)" value={values.extras.childSeat} error={errors['extras.childSeat']} onChange={(x) => setExtra('childSeat', x)} />
          <Figure id={`${id}-surcharge`} label="Airport surcharge ($)" value={values.extras.airportSurcharge} error={errors['extras.airportSurcharge']} onChange={(x) => setExtra('airportSurcharge', x)} />
          <Figure id={`${id}-return`} label="Return leg discount (%)" numeric value={values.returnLegPercent} error={errors.returnLegPercent} onChange={(x) => form.set('returnLegPercent', x)} />
        </div>
      </fieldset>
      <fieldset className="card rates-section">
        <legend className="section-title">Driver&rsquo;s share of the final price</legend>
        <p className="muted small">What the driver earns of the waiting charged and of each extra they add after the drop-off, beside their share of the fare.</p>
        <div className="form-grid form-grid-3">
          {SHARE_FIELDS.map(([key, label]) => (
            <Figure key={key} id={`${id}-share-${key}`} label={label} numeric value={values.driverShares[key]} error={errors[`driverShares.${key}`]} onChange={(x) => form.set('driverShares', { ...values.driverShares, [key]: x })} />
          ))}
        </div>
      </fieldset>
    </>
  );
}

const SHARE_FIELDS = [
  ['wait', 'Waiting (%)'],
  ['extraStop', 'Extra stops (%)'],
  ['tolls', 'Tolls (%)'],
  ['parking', 'Parking (%)'],
] as const;

/** The table's fields, and beside them the preview of a sample ride and `aside` (the history); Save makes a new version (409 if another came first). */
export function RatesEditor({ view, vehicles, aside }: { view: RatesView; vehicles: readonly Vehicle[]; aside: ReactNode }) {
  const id = useId();
  const toast = useToast();
  const queryClient = useQueryClient();
  const form = useSchemaForm(RatesForm, ratesFormOf(view.table));
  const [note, setNote] = useState('');

  const save = useMutation({
    mutationFn: (table: RateTable) => apiJson<RatesView>('PUT', '/api/admin/rates', { table, version: view.version, ...(note.trim() ? { note: note.trim() } : {}) } satisfies RatesUpdate),
    onSuccess: (saved) => {
      toast({ title: 'Rates Saved', description: `Version ${saved.version} is in force: new quotes and the site's prices use it.` });
      queryClient.setQueryData(['/api/admin/rates'], saved);
      void queryClient.invalidateQueries({ queryKey: PRICE_GUIDE_KEY });
    },
    onError: (error) => {
      toast({ title: 'Save Failed', description: serverMessage(error) ?? 'Failed to save the rates. Please try again.', variant: 'destructive' });
    },
  });

  return (
    <div className="rates-editor">
      <form id={`${id}-form`} ref={form.ref} onSubmit={form.submit((table) => save.mutateAsync(table).catch(() => undefined))} noValidate className="stack" aria-label="Rate table">
        <VehicleRates form={form} id={id} vehicles={vehicles} />
        <ZoneFares form={form} id={id} zones={view.zones} />
        <OtherFares form={form} id={id} />
        <div className="card rates-save">
          <div className="field">
            <label htmlFor={`${id}-note`}>Note for the history (optional)</label>
            <input id={`${id}-note`} value={note} maxLength={200} onChange={(e) => setNote(e.target.value)} placeholder="Summer fares" />
          </div>
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Rates'}
          </button>
        </div>
      </form>
      <div className="rates-aside">
        <RatePreview form={form} vehicles={vehicles.filter((v) => view.table.vehicles.some((r) => r.vehicleId === v.id))} />
        {aside}
      </div>
    </div>
  );
}
