import { Link, useLocation } from 'react-router';
import { mainNav } from '../content/navigation';
import { isActivePath } from '../lib/activeLink';

/** The five main links, with the spec's active rule (Home only on "/", the others on their subtree). */
export function NavLinks({ className, onNavigate }: { className: string; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <ul className={className}>
      {mainNav.map((item) => {
        const active = isActivePath(item.to, pathname);
        return (
          <li key={item.to}>
            <Link
              to={item.to}
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
