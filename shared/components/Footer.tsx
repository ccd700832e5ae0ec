import { Link } from 'react-router';
import { footerColumns, legalLinks } from '../content/navigation';
import { offices, site } from '../content/site';
import { LogoMark } from './Logo';

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__about">
          <Link to="/" className="brand brand--footer" aria-label={`${site.name}, home`}>
            <LogoMark />
            <span className="brand__name">{site.name}</span>
          </Link>
          <p className="site-footer__tagline">{site.tagline}</p>
          <p className="site-footer__offices">{offices.map((office) => office.city).join(' · ')}</p>
        </div>
        {footerColumns.map((column) => (
          <nav key={column.title} className="site-footer__column" aria-label={column.title}>
            <h2 className="site-footer__heading">{column.title}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.label}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="container site-footer__bottom">
        <p>
          © {site.copyrightYear} {site.name}. All rights reserved.
        </p>
        <ul className="site-footer__legal">
          {legalLinks.map((link) => (
            <li key={link.to}>
              <Link to={link.to}>{link.label}</Link>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
