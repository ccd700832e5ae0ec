import { useLocation } from 'react-router';

import { isActivePath } from '../lib/activeLink';
import { Link } from './Link';
import { useLocale } from './useLocale';

/** The five main links, with the spec's active rule (Home only on "/", the others on their subtree). */
export function NavLinks({ className, onNavigate }: { className: string; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const { catalogue, localize } = useLocale();
  return (
    <ul className={className}>
      {catalogue.navigation.mainNav.map((item) => {
        const to = localize(item.to);
        const active = isActivePath(to, pathname, localize('/'));
        return (
          <li key={item.to}>
            <Link
              to={to}
              className={active ? 'nav-link is-active' : 'nav-link'}
              aria-current={active ? 'page' : undefined}
              onClick={onNavigate}
            >
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
