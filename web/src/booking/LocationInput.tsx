import { useId, useState, type KeyboardEvent } from 'react';
import type { AddressSuggestion } from '@limo/contracts';
import { useAddressSuggestions } from './use-address-suggestions';

export interface LocationInputProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  placeholder?: string;
  /** Offers "Use my current location", which fills the field as "lat, lng". */
  allowCurrentLocation?: boolean;
  /** Shown instead of the visible label (e.g. a stop in a list that has its own heading). */
  hideLabel?: boolean;
}

/**
 * An address field with suggestions (a combobox): after 3 typed characters and a 300 ms pause it
 * lists matching places, each with its main line and full name; arrow keys and Enter pick one.
 */
export default function LocationInput(props: LocationInputProps) {
  const { id, label, value, onChange, error, required, placeholder, allowCurrentLocation, hideLabel } = props;
  const listId = useId();
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [locating, setLocating] = useState(false);
  const [locationMessage, setLocationMessage] = useState<string | null>(null);
  const { suggestions, searching } = useAddressSuggestions(query);
  const showList = open && suggestions.length > 0;
  const errorId = `${id}-error`;
  const statusId = `${id}-status`;

  const choose = (suggestion: AddressSuggestion) => {
    onChange(suggestion.display_name);
    setQuery(null);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && suggestions.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp' && suggestions.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (event.key === 'Enter' && showList && active >= 0) {
      event.preventDefault();
      choose(suggestions[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  const useCurrentLocation = async () => {
    setLocationMessage(null);
    setLocating(true);
    try {
      // Loaded when asked for: the home page's quick card carries the field, rarely this button.
      const { currentPosition } = await import('./geolocation');
      onChange(await currentPosition());
      setQuery(null);
      setOpen(false);
    } catch (failure) {
      setLocationMessage((failure as Error).message);
    } finally {
      setLocating(false);
    }
  };

  const describedBy = [error ? errorId : null, searching ? statusId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className="field location-field">
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
        {required && <span className="required" aria-hidden="true"> *</span>}
      </label>
      <div className="location-combobox">
        <input
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          aria-required={required || undefined}
          placeholder={placeholder}
          value={value}
          maxLength={300}
          onChange={(event) => {
            onChange(event.target.value);
            setQuery(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onFocus={() => query && setOpen(true)}
        />
        {searching && (
          <span id={statusId} className="location-searching" role="status">
            <span className="spinner spinner-sm" aria-hidden="true" />
            Searching...
          </span>
        )}
        <ul id={listId} role="listbox" aria-label={`${label} suggestions`} className="location-suggestions" hidden={!showList}>
          {showList &&
            suggestions.map((suggestion, index) => (
              <li
                key={suggestion.id}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                className={index === active ? 'active' : undefined}
                // mousedown, not click: the input's blur would close the list before a click lands.
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(suggestion);
                }}
              >
                <span className="suggestion-main">{suggestion.address}</span>
                <span className="suggestion-detail">{suggestion.display_name}</span>
              </li>
            ))}
        </ul>
      </div>
      {allowCurrentLocation && (
        <button type="button" className="location-current" onClick={useCurrentLocation} disabled={locating}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16">
            <circle cx="12" cy="12" r="3.5" fill="currentColor" />
            <path d="M12 2v3M12 19v3M2 12h3M19 12h3" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            <circle cx="12" cy="12" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
          {locating ? 'Locating...' : 'Use my current location'}
        </button>
      )}
      {locationMessage && (
        <p className="location-message" role="alert">
          {locationMessage}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
