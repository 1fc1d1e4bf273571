/** Label and value rows of the manage page (the booking, a round trip's other leg). */
export function SummaryRows({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="booking-summary-rows">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
