import type { ReactNode } from 'react';
import './stat-card.css';

interface StatCardProps {
  label: string;
  value: string;
  valueTestId?: string;
  detail?: ReactNode;
  /** A value that is no figure ("No data"): shown quieter. */
  none?: boolean;
  /** The colour of the icon's tile (blue, green, gold, orange, gray). */
  tone?: string;
  /** An icon's SVG path (24×24), beside the figure. */
  icon?: string;
  /** Set inside a panel, on its background, rather than as a card of its own. */
  inset?: boolean;
  className?: string;
  children?: ReactNode;
}

/** One figure with its label, as a list item of a figures list (`<ul aria-label=…>`). */
export function StatCard({ label, value, valueTestId, detail, none, tone, icon, inset, className, children }: StatCardProps) {
  const classes = ['stat-card', inset ? 'stat-card-inset' : 'card', tone && `stat-${tone}`, className].filter(Boolean).join(' ');
  return (
    <li className={classes}>
      <div>
        <p className="stat-label">{label}</p>
        <p className={none ? 'stat-value stat-none' : 'stat-value'} data-testid={valueTestId}>
          {value}
        </p>
        {detail !== undefined && <p className="stat-detail">{detail}</p>}
        {children}
      </div>
      {icon && (
        <span className="stat-icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="22" height="22">
            <path fill="currentColor" d={icon} />
          </svg>
        </span>
      )}
    </li>
  );
}
