import { useId } from 'react';
import { barScale, compactDollars } from './revenue-format';

export interface ChartBar {
  /** Axis label, e.g. "3" or "Jan". */
  label: string;
  /** Full name for the bar's description, e.g. "June 3" or "January 2025". */
  name: string;
  /** Revenue in cents (exact); only the drawing converts to dollars. */
  cents: number;
  /** Formatted amount, e.g. "$1,234.00". */
  amount: string;
}

const HEIGHT = 200;
const AXIS_WIDTH = 52;
const BOTTOM = 24;
const TOP = 10;

/**
 * A hand-rolled bar chart: an SVG with a title and description for assistive technology (the
 * same figures are also in a table next to it), and a <title> per bar for pointer users.
 */
export function RevenueBarChart({ title, bars }: { title: string; bars: ChartBar[] }) {
  const id = useId();
  const dollars = bars.map((b) => b.cents / 100);
  const scale = barScale(dollars, HEIGHT);
  const slot = 36;
  const width = AXIS_WIDTH + Math.max(1, bars.length) * slot + 8;
  const best = bars.reduce<ChartBar | null>((top, b) => (!top || b.cents > top.cents ? b : top), null);
  const summary =
    best && best.cents > 0
      ? `${bars.length} bars. Highest: ${best.name}, ${best.amount}.`
      : `${bars.length} bars. No revenue in this period.`;

  return (
    <figure className="chart">
      <svg
        viewBox={`0 0 ${width} ${HEIGHT + TOP + BOTTOM}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        preserveAspectRatio="xMinYMin meet"
        className="chart-svg"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {scale.ticks.map((tick) => {
          const y = TOP + HEIGHT - scale.barHeight(tick);
          return (
            <g key={tick} className="chart-grid" aria-hidden="true">
              <line x1={AXIS_WIDTH} x2={width} y1={y} y2={y} />
              <text x={AXIS_WIDTH - 6} y={y + 4} textAnchor="end">
                {compactDollars(tick)}
              </text>
            </g>
          );
        })}
        {bars.map((bar, i) => {
          const h = scale.barHeight(bar.cents / 100);
          const x = AXIS_WIDTH + i * slot + 6;
          return (
            <g key={bar.label} className="chart-bar">
              <title>{`${bar.name}: ${bar.amount}`}</title>
              <rect x={x} y={TOP + HEIGHT - h} width={slot - 12} height={Math.max(h, bar.cents > 0 ? 2 : 0)} rx={3} />
              <text x={x + (slot - 12) / 2} y={TOP + HEIGHT + 16} textAnchor="middle" aria-hidden="true">
                {bar.label}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
