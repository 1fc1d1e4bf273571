import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import './portal-layout.css';

interface PortalLayoutProps {
  /** The area's name: the brand's tag, the nav's label, and the prefix of the area's own classes. */
  area: 'Admin' | 'Driver';
  links: readonly (readonly [to: string, label: string])[];
  /** The nav only for someone who may use it (signed in, password changed). */
  showNav: boolean;
  /** The header's end: the signed-in person's controls, or a way out. */
  headerEnd?: ReactNode;
  /** Pinned under the header, sticky with it (the driver's ride offers). */
  belowHeader?: ReactNode;
  children: ReactNode;
}

/** The staff areas' shell: skip link, a dark header with the brand and the area's nav, and the main landmark. */
export function PortalLayout({ area, links, showNav, headerEnd, belowHeader, children }: PortalLayoutProps) {
  const prefix = area.toLowerCase();
  return (
    <div className={`portal-shell ${prefix}-shell`}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className={`portal-top ${prefix}-top`}>
        <header className={`portal-header ${prefix}-header`}>
          <a className="brand" href="/">
            Prestige <span>Limo</span> <small>{area}</small>
          </a>
          {showNav && (
            <nav aria-label={area} className={`portal-nav-wrap ${prefix}-nav-wrap`}>
              <ul className={`portal-nav ${prefix}-nav`}>
                {links.map(([to, label]) => (
                  <li key={to}>
                    <NavLink to={to}>{label}</NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          {headerEnd}
        </header>
        {belowHeader}
      </div>
      <main id="main" className={`portal-main ${prefix}-main`} tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
