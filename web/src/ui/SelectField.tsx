import './select-field.css';

interface SelectFieldProps {
  id: string;
  label: string;
  value: number;
  /** Each choice's value and the text shown for it. */
  options: readonly (readonly [value: number, text: string])[];
  onChange: (value: number) => void;
}

/** A small labelled select of numbered choices (a month, a week, a year) above a report. */
export function SelectField({ id, label, value, options, onChange }: SelectFieldProps) {
  return (
    <div className="field compact-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {options.map(([choice, text]) => (
          <option key={choice} value={choice}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
