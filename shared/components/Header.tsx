import { Link } from 'react-router';
import { headerCta } from '../content/navigation';
import { site } from '../content/site';
import { LogoMark } from './Logo';
import { MobileMenu } from './MobileMenu';
import { NavLinks } from './NavLinks';

export function Header() {
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
        <MobileMenu />
      </div>
    </header>
  );
}
