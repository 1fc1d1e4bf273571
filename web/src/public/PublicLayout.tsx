import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { LoadingPanel } from '../components/StatePanels';
import { SiteFooter } from './footer/SiteFooter';
import { SiteNav } from './nav/SiteNav';
import { isPromotionPath } from './nav/nav-links';
import './public.css';

/** Shell of the public site: navigation, content, footer. Promotion pages get the dark theme. */
export default function PublicLayout() {
  const { pathname } = useLocation();
  const theme = isPromotionPath(pathname) ? 'dark' : 'light';
  return (
    <div className="public-shell" data-theme={theme}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header public-header">
        <SiteNav />
      </header>
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<LoadingPanel />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
