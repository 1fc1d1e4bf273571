import { useRef, type KeyboardEvent } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import type { NavItem } from './nav-links';

interface NavDropdownProps {
  id: string;
  label: string;
  items: NavItem[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * A disclosure dropdown of links (the pattern recommended for site navigation, not an ARIA
 * menu): the button toggles the list; ArrowDown opens it and moves into it, ArrowUp/ArrowDown,
 * Home and End move between its links, Escape closes it and returns focus to the button, and
 * tabbing out of it closes it.
 */
export function NavDropdown({ id, label, items, open, onOpenChange }: NavDropdownProps) {
  const { pathname } = useLocation();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const active = items.some((item) => pathname === item.to);
  const listId = `${id}-list`;

  const links = () => Array.from(listRef.current?.querySelectorAll<HTMLAnchorElement>('a') ?? []);
  const focusLink = (index: number) => {
    const all = links();
    all[(index + all.length) % all.length]?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const target = event.key === 'ArrowDown' ? 0 : -1;
      if (open) {
        focusLink(target);
      } else {
        onOpenChange(true);
        // The list is shown on the next render.
        requestAnimationFrame(() => focusLink(target));
      }
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      onOpenChange(false);
    }
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const current = links().indexOf(document.activeElement as HTMLAnchorElement);
    const moves: Record<string, number> = { ArrowDown: current + 1, ArrowUp: current - 1, Home: 0, End: -1 };
    if (event.key in moves) {
      event.preventDefault();
      focusLink(moves[event.key]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onOpenChange(false);
      buttonRef.current?.focus();
    }
  };

  return (
    <div
      className="nav-dropdown"
      onBlur={(event) => {
        if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) onOpenChange(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        id={`${id}-button`}
        className={`nav-link nav-dropdown-button${active ? ' is-active' : ''}`}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => onOpenChange(!open)}
        onKeyDown={onButtonKeyDown}
      >
        {label}
        <svg className="nav-caret" viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false">
          <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <ul ref={listRef} id={listId} className="nav-dropdown-list" hidden={!open} onKeyDown={onListKeyDown}>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end className="nav-dropdown-link" onClick={() => onOpenChange(false)}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
