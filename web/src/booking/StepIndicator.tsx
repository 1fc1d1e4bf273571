export const STEP_TITLES = ['Ride Details', 'Contact Info', 'Pricing', 'Confirmation', 'Reserve Now'] as const;

/**
 * 'Step n of 5' and the five step names. Steps before the current one can be clicked to go back;
 * later steps cannot (and none can once the booking is made).
 */
export function StepIndicator(props: { step: number; locked: boolean; onSelect: (step: number) => void }) {
  const { step, locked, onSelect } = props;
  return (
    <nav className="wizard-steps" aria-label="Booking steps">
      <p className="wizard-step-count">
        Step {step} of {STEP_TITLES.length}
      </p>
      <ol>
        {STEP_TITLES.map((title, index) => {
          const number = index + 1;
          const state = number < step ? 'done' : number === step ? 'current' : 'todo';
          const clickable = state === 'done' && !locked;
          return (
            <li key={title} className={`wizard-step wizard-step-${state}`}>
              <button
                type="button"
                disabled={!clickable}
                aria-current={state === 'current' ? 'step' : undefined}
                onClick={() => clickable && onSelect(number)}
              >
                <span className="wizard-step-number" aria-hidden="true">
                  {state === 'done' ? '✓' : number}
                </span>
                <span className="wizard-step-title">{title}</span>
                {state === 'done' && <span className="visually-hidden"> (completed)</span>}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
