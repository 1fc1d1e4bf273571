import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import './back-link.css';

/** "← Back to …" above a page's heading (the arrow is decoration). */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="back-link">
      <span aria-hidden="true">←</span> {children}
    </Link>
  );
}
