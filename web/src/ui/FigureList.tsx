import './figure-list.css';

/**
 * Label and figure pairs, one a line. A figure equal to `none` (the page's "no data" text) is
 * shown quieter: it is no figure.
 */
export function FigureList({ rows, none }: { rows: [label: string, value: string][]; none: string }) {
  return (
    <dl className="figure-list">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd className={value === none ? 'muted' : undefined}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
