import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { headerCta, mainNav } from '../content/navigation';
import { site } from '../content/site';
import { isActivePath } from '../lib/activeLink';
import { LogoMark } from './Logo';

const MENU_ID = 'mobile-menu';

function NavLinks({ className, onNavigate }: { className: string; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <ul className={className}>
      {mainNav.map((item) => (
        <li key={item.to}>
          {/* The spec's rule decides, not NavLink's: Home only on "/", the others on their subtree. */}
          <Link
            to={item.to}
            className={isActivePath(item.to, pathname) ? 'nav-link is-active' : 'nav-link'}
            aria-current={isActivePath(item.to, pathname) ? 'page' : undefined}
            onClick={onNavigate}
          >
            {item.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The menu is a native popover, so it opens without JavaScript and closes on
 * Escape or an outside click; React adds aria-expanded and moves focus in.
 */
export function Header() {
  const [open, setOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();

  useEffect(() => {
    if (open) menuRef.current?.querySelector<HTMLElement>('a')?.focus();
  }, [open]);

  // A navigation by any means closes the menu.
  useEffect(() => {
    const menu = menuRef.current;
    if (menu?.matches(':popover-open')) menu.hidePopover();
  }, [pathname]);

  const close = () => menuRef.current?.hidePopover();

  return (
    <header className="site-header">
      <div className="site-header__inner container">
        <Link to="/" className="brand" aria-label={`${site.name}, home`}>
          <LogoMark />
          <span className="brand__name">{site.name}</span>
        </Link>
        <nav className="site-nav" aria-label="Main">
          <NavLinks className="site-nav__list" />
        </nav>
        <Link to={headerCta.to} className="button button--primary site-header__cta">
          {headerCta.label}
        </Link>
        <button
          type="button"
          className="menu-button"
          popoverTarget={MENU_ID}
          aria-controls={MENU_ID}
          aria-expanded={open}
        >
          <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span>Menu</span>
        </button>
      </div>
      <div
        id={MENU_ID}
        ref={menuRef}
        className="mobile-menu"
        popover="auto"
        onToggle={(event) => setOpen((event.nativeEvent as ToggleEvent).newState === 'open')}
      >
        <nav aria-label="Mobile">
          <NavLinks className="mobile-menu__list" onNavigate={close} />
          <Link to={headerCta.to} className="button button--primary mobile-menu__cta" onClick={close}>
            {headerCta.label}
          </Link>
        </nav>
      </div>
    </header>
  );
}
