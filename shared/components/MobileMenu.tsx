import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

import { LanguageSwitch } from './LanguageSwitch';
import { Link } from './Link';
import { NavLinks } from './NavLinks';
import { useHydrated } from './useHydrated';
import { useLocale } from './useLocale';

const MENU_ID = 'mobile-menu';

/**
 * The small-screen menu. In the server HTML the button opens the popover
 * natively (popovertarget), so it works before and without JavaScript. Once
 * hydrated, React drives it instead: aria-expanded (not allowed beside
 * popovertarget), focus moved in, Escape and outside clicks close it, and
 * focus returns to the button.
 */
export function MobileMenu() {
  const enhanced = useHydrated();
  const { pathname } = useLocation();
  const { catalogue, localize } = useLocale();
  const { headerCta } = catalogue.navigation;
  // Open on the page where it was opened: any navigation (a link, back, forward) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  const close = useCallback((returnFocus: boolean) => {
    setOpenOn(null);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  // The tap that woke the page (decision 100) may have opened the popover natively: React takes it as open.
  const adopted = useRef(false);
  // Keep the popover's top-layer state in step with React's.
  useEffect(() => {
    const menu = menuRef.current;
    if (!menu || !enhanced) return;
    if (!adopted.current) {
      adopted.current = true;
      if (!open && menu.matches(':popover-open')) {
        setOpenOn(pathname);
        return;
      }
    }
    if (open && !menu.matches(':popover-open')) {
      menu.showPopover();
      menu.querySelector<HTMLElement>('a')?.focus();
    }
    if (!open && menu.matches(':popover-open')) menu.hidePopover();
  }, [open, enhanced, pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(true);
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) close(false);
    };
    // On the window, capturing: React stops an event that lands in a static section it has not
    // hydrated yet at its own listener on the document, so a listener below that would never hear it.
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('pointerdown', onPointer, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('pointerdown', onPointer, true);
    };
  }, [open, close]);

  const onLinkClick = () => close(true);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="menu-button"
        aria-controls={MENU_ID}
        popoverTarget={enhanced ? undefined : MENU_ID}
        aria-expanded={enhanced ? open : undefined}
        onClick={enhanced ? () => setOpenOn(open ? null : pathname) : undefined}
      >
        <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span>{catalogue.layout.menuButton}</span>
      </button>
      <div id={MENU_ID} ref={menuRef} className="mobile-menu" popover="manual">
        <nav aria-label={catalogue.layout.mobileNavLabel}>
          <NavLinks className="mobile-menu__list" onNavigate={onLinkClick} />
          <LanguageSwitch className="language-switch mobile-menu__language" />
          <Link to={localize(headerCta.to)} className="button button--primary mobile-menu__cta" onClick={onLinkClick}>
            {headerCta.label}
          </Link>
        </nav>
      </div>
    </>
  );
}
