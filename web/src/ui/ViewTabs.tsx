import { useRef, type KeyboardEvent } from 'react';
import './view-tabs.css';

export interface ViewTab<View extends string> {
  view: View;
  label: string;
}

/**
 * Tabs that switch between views of one panel, with arrow-key movement (the WAI-ARIA tabs
 * pattern): tab `${idPrefix}-tab-${view}` controls panel `${idPrefix}-panel-${view}`, which the
 * caller renders.
 */
export function ViewTabs<View extends string>({
  tabs,
  view,
  onChange,
  idPrefix,
  label,
}: {
  tabs: ViewTab<View>[];
  view: View;
  onChange: (view: View) => void;
  idPrefix: string;
  /** The tablist's accessible name. */
  label: string;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    event.preventDefault();
    const next = (index + delta + tabs.length) % tabs.length;
    onChange(tabs[next].view);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className="tabs">
      {tabs.map((tab, i) => (
        <button
          key={tab.view}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${tab.view}`}
          aria-selected={view === tab.view}
          aria-controls={`${idPrefix}-panel-${tab.view}`}
          tabIndex={view === tab.view ? 0 : -1}
          className="tab"
          onClick={() => onChange(tab.view)}
          onKeyDown={(e) => onKeyDown(e, i)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
