import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

interface Crumb {
  to: string;
  label: string;
}

interface PageHeroProps {
  eyebrow: string;
  title: string;
  lead: string;
  /** Buttons under the lead. */
  actions?: ReactNode;
  /** Right-hand column (a figure panel, an illustration). */
  aside?: ReactNode;
  /** Trail of parent pages, shown above the eyebrow. */
  crumbs?: Crumb[];
}

/** The dark banner at the top of every content page: its one h1, a lead and actions. */
export function PageHero({ eyebrow, title, lead, actions, aside, crumbs }: PageHeroProps) {
  return (
    <section className="page-hero" aria-labelledby="page-title">
      <div className="container">
        {crumbs && crumbs.length > 0 && (
          <nav className="breadcrumbs" aria-label="Breadcrumb">
            <ol>
              {crumbs.map((c) => (
                <li key={c.to}>
                  <Link to={c.to}>{c.label}</Link>
                </li>
              ))}
              <li aria-current="page">{title}</li>
            </ol>
          </nav>
        )}
        <div className={`page-hero-inner${aside ? '' : ' single'}`}>
          <div>
            <p className="eyebrow">{eyebrow}</p>
            <h1 id="page-title">{title}</h1>
            <p className="page-hero-lead">{lead}</p>
            {actions && <div className="page-hero-actions">{actions}</div>}
          </div>
          {aside}
        </div>
      </div>
    </section>
  );
}

/** The big figure of an offer or a price, e.g. "$89" with "$120" crossed out. */
export function FigurePanel({ value, was, label }: { value: ReactNode; was?: ReactNode; label: ReactNode }) {
  return (
    <div className="figure-panel">
      <p className="figure-value">{value}</p>
      {was && (
        <span className="figure-was">
          instead of <s>{was}</s>
        </span>
      )}
      <p className="figure-label">{label}</p>
    </div>
  );
}
