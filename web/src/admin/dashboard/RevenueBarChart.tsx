import { useEffect, useId, useRef, useState } from 'react';
import { barScale, compactDollars } from './revenue-format';

export interface ChartBar {
  /** Axis label, e.g. "3" or "Jan". */
  label: string;
  /** Full name for the bar's description, e.g. "Nov 3, 2026" or "January 2026". */
  name: string;
  /** Revenue in cents (exact); only the drawing converts to dollars. */
  cents: number;
  /** Formatted amount, e.g. "$1,234.00". */
  amount: string;
}

/** The plot's least height; beside a taller table it grows to the table's height (no empty area under it). */
const MIN_HEIGHT = 180;
const AXIS_WIDTH = 48;
const BOTTOM = 22;
const TOP = 10;

interface Size {
  width: number;
  height: number;
}

/** Size of an element in CSS px, kept current as it resizes, so the SVG draws at 1:1 and text stays legible. */
function useSize<T extends HTMLElement>(fallback: Size) {
  const ref = useRef<T>(null);
  const [size, setSize] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = (width: number, height: number) => setSize({ width: Math.round(width) || fallback.width, height: Math.round(height) || fallback.height });
    measure(el.clientWidth, el.clientHeight);
    const observer = new ResizeObserver(([entry]) => measure(entry.contentRect.width, entry.contentRect.height));
    observer.observe(el);
    return () => observer.disconnect();
  }, [fallback.width, fallback.height]);
  return [ref, size] as const;
}

const FALLBACK: Size = { width: 560, height: MIN_HEIGHT + TOP + BOTTOM };

/**
 * A hand-rolled bar chart: an SVG with a title and description for assistive technology (the
 * same figures are in the table beside it), and a <title> per bar for pointer users.
 */
export function RevenueBarChart({ title, bars }: { title: string; bars: ChartBar[] }) {
  const id = useId();
  const [ref, measured] = useSize<HTMLElement>(FALLBACK);
  // Never narrower than the axis plus a few px per bar (a collapsed container must not yield negative sizes).
  const width = Math.max(measured.width, AXIS_WIDTH + bars.length * 10);
  const plotHeight = Math.max(MIN_HEIGHT, measured.height - TOP - BOTTOM);
  const scale = barScale(
    bars.map((b) => b.cents / 100),
    plotHeight,
  );
  const slot = (width - AXIS_WIDTH) / Math.max(1, bars.length);
  const barWidth = Math.max(4, Math.min(36, slot * 0.68));
  // Below ~20 px a slot cannot hold every label: show every other one.
  const labelEvery = slot < 20 ? 2 : 1;
  const empty = bars.every((b) => b.cents <= 0);
  const best = bars.reduce<ChartBar | null>((top, b) => (!top || b.cents > top.cents ? b : top), null);
  const summary =
    best && best.cents > 0 ? `${bars.length} bars. Highest: ${best.name}, ${best.amount}.` : `${bars.length} bars. No revenue in this period.`;

  return (
    <figure className="chart" ref={ref}>
      <svg
        viewBox={`0 0 ${width} ${plotHeight + TOP + BOTTOM}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="chart-svg"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {empty && (
          <text x={AXIS_WIDTH + (width - AXIS_WIDTH) / 2} y={TOP + plotHeight / 2} textAnchor="middle" className="chart-empty" aria-hidden="true">
            No revenue in this period
          </text>
        )}
        {(empty ? [0] : scale.ticks).map((tick) => {
          const y = TOP + plotHeight - scale.barHeight(tick);
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
          const cx = AXIS_WIDTH + slot * i + slot / 2;
          return (
            <g key={bar.label} className="chart-bar">
              <title>{`${bar.name}: ${bar.amount}`}</title>
              {/* A transparent full-height target so small bars are easy to hover. */}
              <rect x={cx - slot / 2} y={TOP} width={slot} height={plotHeight} fill="transparent" />
              <rect className="chart-bar-fill" x={cx - barWidth / 2} y={TOP + plotHeight - h} width={barWidth} height={Math.max(h, bar.cents > 0 ? 2 : 0)} rx={3} />
              {i % labelEvery === 0 && (
                <text x={cx} y={TOP + plotHeight + 16} textAnchor="middle" aria-hidden="true">
                  {bar.label}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
