import { Field, invalidProps } from './RideFields';

export interface FlightFieldProps {
  id: string;
  /** Arriving at the pickup airport, or departing from the drop-off's. */
  direction: 'arriving' | 'departing';
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** "Return" for the return leg's flight. */
  leg?: string;
}

/** The flight of a ride to or from an airport (optional): shown only while the ride touches one. */
export function FlightField({ id, direction, value, onChange, error, leg }: FlightFieldProps) {
  const label = `${leg ? `${leg} ` : ''}${direction === 'arriving' ? 'Arriving' : 'Departing'} Flight`;
  const hint =
    direction === 'arriving'
      ? 'Airline and flight number, e.g. UA 1542, so your chauffeur knows which flight you are on.'
      : 'Airline and flight number, e.g. AA 100, so we plan your ride to the airport around it.';
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        type="text"
        inputMode="text"
        autoCapitalize="characters"
        autoComplete="off"
        placeholder="UA 1542"
        maxLength={12}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...invalidProps(id, error)}
      />
    </Field>
  );
}
