import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { AdminNavSlot } from '../../components/admin-nav/AdminNavSlot';
import { useAdminLoggedIn } from '../../lib/admin-session';
import { COMPANY } from '../../lib/company';
import { NavDropdown } from './NavDropdown';
import { SERVICES_LINKS, SPECIALS_LINKS } from './nav-links';

type OpenDropdown = 'services' | 'specials' | null;

/**
 * The shared public navigation (spec section 2): Home, Services, Business, Specials, Our Fleet,
 * Reservations, My Account (the customer's), Log In. A logged-in admin gets the way back to the dashboard instead of Log In,
 * beside the bell and Logout. Below 960 px the list folds behind a Menu toggle.
 */
export function SiteNav() {
  const location = useLocation();
  const adminLoggedIn = useAdminLoggedIn();
  const [menuOpen, setMenuOpen] = useState(false);
  const [dropdown, setDropdown] = useState<OpenDropdown>(null);
  const navRef = useRef<HTMLElement>(null);

  // Any navigation closes the mobile menu and the dropdowns.
  useEffect(() => {
    setMenuOpen(false);
    setDropdown(null);
  }, [location.pathname, location.hash]);

  // A click or tap outside the navigation closes an open dropdown; Escape closes the menu.
  useEffect(() => {
    if (!dropdown && !menuOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) {
        setDropdown(null);
        setMenuOpen(false);
      }
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && menuOpen && !dropdown) {
        setMenuOpen(false);
        navRef.current?.querySelector<HTMLButtonElement>('.nav-toggle')?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [dropdown, menuOpen]);

  const dropdownProps = (name: Exclude<OpenDropdown, null>) => ({
    open: dropdown === name,
    onOpenChange: (open: boolean) => setDropdown(open ? name : null),
  });

  return (
    <nav ref={navRef} className="site-nav" aria-label="Main">
      <Link className="brand" to="/" aria-label={`${COMPANY.name} home`}>
        Prestige <span>Limo</span>
      </Link>
      <button
        type="button"
        className="nav-toggle"
        aria-expanded={menuOpen}
        aria-controls="site-nav-list"
        onClick={() => setMenuOpen((open) => !open)}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          {menuOpen ? (
            <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          ) : (
            <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          )}
        </svg>
        <span>Menu</span>
      </button>
      <ul id="site-nav-list" className="nav-list" data-open={menuOpen}>
        <li>
          <NavLink to="/" end className="nav-link">
            Home
          </NavLink>
        </li>
        <li>
          <NavDropdown id="nav-services" label="Services" items={SERVICES_LINKS} {...dropdownProps('services')} />
        </li>
        <li>
          <NavLink to="/business" className="nav-link">
            Business
          </NavLink>
        </li>
        <li>
          <NavDropdown id="nav-specials" label="Specials" items={SPECIALS_LINKS} {...dropdownProps('specials')} />
        </li>
        <li>
          {/* A plain Link: NavLink would mark it current on every visit to the home page. */}
          <Link to="/#fleet" className="nav-link">
            Our Fleet
          </Link>
        </li>
        <li>
          <NavLink to="/reservations" className="nav-link">
            Reservations
          </NavLink>
        </li>
        <li>
          {/* The customer's own account (bookings by email, code sign-in); Log In stays the staff's. */}
          <NavLink to="/account" className="nav-link">
            My Account
          </NavLink>
        </li>
        <li>
          {adminLoggedIn ? (
            <Link to="/admin/dashboard" className="nav-link nav-login">
              Dashboard
            </Link>
          ) : (
            <Link to="/admin" className="nav-link nav-login">
              Log In
            </Link>
          )}
        </li>
        {/* A logged-in admin's bell and Logout: lazy, so public bundles carry no admin code. */}
        <AdminNavSlot />
      </ul>
    </nav>
  );
}
