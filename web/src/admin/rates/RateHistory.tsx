import type { RatesView } from '@limo/contracts';
import { formatBusinessInstant } from '@limo/contracts/common/business-time';

/** Every saved change of the table, newest first: who, when and what. */
export function RateHistory({ view }: { view: RatesView }) {
  return (
    <section className="card rates-history" aria-labelledby="rates-history-title">
      <h2 id="rates-history-title" className="section-title">
        History
      </h2>
      <p className="muted small">Version {view.version} is in force.</p>
      {view.changes.length === 0 ? (
        <p className="inline-empty">No changes yet: the table is as first set up.</p>
      ) : (
        <ol className="rates-changes">
          {view.changes.map((change) => (
            <li key={change.id}>
              <p className="rates-change-head">
                <time dateTime={change.changedAt}>{formatBusinessInstant(new Date(change.changedAt))}</time> by <strong>{change.changedBy}</strong>
              </p>
              <ul>
                {change.summary.map((line, i) => (
                  <li key={i}>{line}</li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
