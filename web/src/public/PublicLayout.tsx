import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { LoadingPanel } from '../ui/StatePanels';
import { SiteFooter } from './footer/SiteFooter';
import { SiteNav } from './nav/SiteNav';
import { isPromotionPath } from './nav/nav-links';
import './public.css';

/**
 * After a client-side page change, focus moves to the main content (as a full page load would
 * start over), so keyboard and screen reader users are not left on a link that has gone.
 */
function useFocusMainOnNavigation(pathname: string) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}

/**
 * A new page starts at the top, as a full page load would; going back or forward leaves the
 * scroll to the browser. (The data router's ScrollRestoration would do this too, but it alone
 * pulled the data router's ~15 KB into every visitor's first download.)
 */
function useScrollToTopOnNewPage(pathname: string, hash: string) {
  const navigationType = useNavigationType();
  // Only a new path (the booking wizard's steps are entries of the same page), and not to a
  // #section: the page scrolls to that itself.
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (navigationType !== 'POP' && !hash) window.scrollTo(0, 0);
  }, [pathname]);
}

function Main({ children }: { children: ReactNode }) {
  return (
    <main id="main" tabIndex={-1}>
      {children}
    </main>
  );
}

/** Shell of the public site: navigation, content, footer. Promotion pages get the dark theme. */
export default function PublicLayout() {
  const { pathname, hash } = useLocation();
  const theme = isPromotionPath(pathname) ? 'dark' : 'light';
  useFocusMainOnNavigation(pathname);
  useScrollToTopOnNewPage(pathname, hash);
  return (
    <div className="public-shell" data-theme={theme}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header public-header">
        <SiteNav />
      </header>
      {/* The footer is drawn with the page, not before it: drawn first, it was pushed down (by
          thousands of pixels on a phone) as the page's code and data arrived. */}
      <Suspense fallback={<Main><LoadingPanel /></Main>}>
        <Main>
          <Outlet />
        </Main>
        <SiteFooter />
      </Suspense>
    </div>
  );
}
