import { Suspense } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { LoadingPanel } from '../components/StatePanels';

/** Shell of the public site: navigation, content, footer. */
export default function PublicLayout() {
  return (
    <div className="public-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <Link className="brand" to="/">
          Prestige <span>Limo</span>
        </Link>
      </header>
      <main id="main">
        <Suspense fallback={<LoadingPanel />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
