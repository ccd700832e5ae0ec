import { useContext } from 'react';

import { siteFacts } from '../content/data';
import { buildOrganizationJsonLd } from '../model/structuredData';
import { RuntimeContext } from './contexts';
import { JsonLd } from './JsonLd';
import { Link } from './Link';
import { LogoMark } from './Logo';
import { useLocale } from './useLocale';

/** The site's footer, and the lab's identity for machines (Organization structured data) beside it. */
export function Footer() {
  const { siteUrl } = useContext(RuntimeContext);
  const { catalogue, localize } = useLocale();
  const { footerColumns, legalLinks } = catalogue.navigation;
  return (
    <>
      <footer className="site-footer">
        <div className="container site-footer__grid">
          <div className="site-footer__about">
            <Link to={localize('/')} className="brand brand--footer" aria-label={catalogue.layout.homeLabel}>
              <LogoMark />
              <span className="brand__name">{siteFacts.name}</span>
            </Link>
            <p className="site-footer__tagline">{catalogue.site.tagline}</p>
            <p className="site-footer__offices">{catalogue.site.offices.map((office) => office.city).join(' · ')}</p>
          </div>
          {footerColumns.map((column) => (
            <nav key={column.title} className="site-footer__column" aria-label={column.title}>
              <h2 className="site-footer__heading">{column.title}</h2>
              <ul>
                {column.links.map((link) => (
                  <li key={link.label}>
                    <Link to={localize(link.to)}>{link.label}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div className="container site-footer__bottom">
          <p>
            © {siteFacts.copyrightYear} {siteFacts.name}. {catalogue.layout.rights}
          </p>
          <ul className="site-footer__legal">
            {legalLinks.map((link) => (
              <li key={link.to}>
                <Link to={localize(link.to)}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </div>
      </footer>
      <JsonLd data={buildOrganizationJsonLd(siteUrl, catalogue, localize)} />
    </>
  );
}
