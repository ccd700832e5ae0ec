import type { ReactNode } from 'react';

import { LogoMark } from '../../../shared/components/Logo';
import { siteFacts } from '../../../shared/content/data';
import { assetUrl } from '../../../shared/model/assets';

/** The console's own stylesheet, from the build manifest. */
export interface ConsoleAssets {
  stylesheet: string;
}

/** Something wrong now (server/alerts/): what it is, what it means, and where to act on it. */
export interface ConsoleAlert {
  cause: string;
  title: string;
  meaning: string;
  /** Where in the console to act on it. */
  link?: { href: string; label: string };
}

/** A console section's link in the header: its page, its words, and the key its own pages are marked by. */
export interface ConsoleNavEntry {
  key: string;
  href: string;
  label: string;
}

/** Who is signed in, for the header's sign-out form, and the alerts and sections shown to them. */
export interface ConsoleUser {
  email: string;
  /** Their display name, their address while they have none. */
  name: string;
  csrfToken: string;
  alerts: readonly ConsoleAlert[];
  /** The console's sections, in the order the composition root gives them (app.ts). */
  nav: readonly ConsoleNavEntry[];
}

/** The top bar's alerts: each active one, so whoever signs in sees what is wrong before anything else. */
function AlertBar({ alerts }: { alerts: readonly ConsoleAlert[] }) {
  return (
    <section className="staff-alerts" aria-label="Alerts">
      <ul className="container staff-alerts__list">
        {alerts.map((alert) => (
          <li key={alert.cause} className="staff-alerts__item">
            <strong className="staff-alerts__title">{alert.title}</strong> {alert.meaning}
            {alert.link && (
              <>
                {' '}
                <a className="staff-alerts__link" href={alert.link.href}>
                  {alert.link.label}
                </a>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

interface ConsoleDocumentProps {
  title: string;
  assets: ConsoleAssets;
  user?: ConsoleUser;
  /** The key of the section the page belongs to, marked current in the navigation. */
  section?: string;
  children: ReactNode;
}

/** The hidden field every console form carries: the session's CSRF token. */
export function CsrfField({ user }: { user: ConsoleUser }) {
  return <input type="hidden" name="csrf" value={user.csrfToken} />;
}

/**
 * A whole console page: the console's stylesheet, a header with the
 * console's sections and sign-out, no script at all.
 */
export function ConsoleDocument({ title, assets, user, section, children }: ConsoleDocumentProps) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${title} | Staff | ${siteFacts.name}`}</title>
        <meta name="robots" content="noindex, nofollow" />
        <link rel="stylesheet" href={assets.stylesheet} />
        <link rel="icon" href={assetUrl('/icons/icon.svg')} type="image/svg+xml" />
      </head>
      <body className="staff">
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <header className="staff-header">
          <div className="container staff-header__inner">
            <a className="brand" href={user?.nav[0]?.href ?? '/staff/sign-in'}>
              <LogoMark />
              <span className="brand__name">{siteFacts.name}</span>
              <span className="staff-tag">Staff</span>
            </a>
            {user && (
              <>
                <nav className="staff-nav" aria-label="Console">
                  <ul className="staff-nav__list">
                    {user.nav.map((item) => (
                      <li key={item.key}>
                        <a
                          className="staff-nav__link"
                          href={item.href}
                          aria-current={item.key === section ? 'page' : undefined}
                        >
                          {item.label}
                        </a>
                      </li>
                    ))}
                  </ul>
                </nav>
                <form className="staff-user" method="post" action="/staff/sign-out">
                  <CsrfField user={user} />
                  {/* Their name opens their own account: two-factor sign-in and sessions (decisions 071, 072). */}
                  <a className="staff-user__email" href="/staff/account">
                    {user.name}
                    <span className="visually-hidden">: your account and sessions</span>
                  </a>
                  <button className="staff-button staff-button--ghost" type="submit">
                    Sign out
                  </button>
                </form>
              </>
            )}
          </div>
          {user && user.alerts.length > 0 && <AlertBar alerts={user.alerts} />}
        </header>
        <main id="main" tabIndex={-1} className="staff-main">
          <div className="container">{children}</div>
        </main>
      </body>
    </html>
  );
}

/** A page's heading block: an eyebrow, the title and what it shows. */
export function ConsoleHeading({ eyebrow, title, children }: { eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <div className="staff-heading">
      <p className="eyebrow">{eyebrow}</p>
      <h1 className="staff-heading__title">{title}</h1>
      {children}
    </div>
  );
}

/** A short message after a form: success or a problem, announced to screen readers. */
export function Notice({ tone, children }: { tone: 'success' | 'error'; children: ReactNode }) {
  return (
    <p className={`staff-notice staff-notice--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}

/** A refused form's problems, one a line, in one error notice; nothing when there are none. */
export function ProblemsNotice({ problems }: { problems: readonly string[] }) {
  if (problems.length === 0) return null;
  return (
    <Notice tone="error">
      {problems.map((problem) => (
        <span key={problem}>
          {problem}
          <br />
        </span>
      ))}
    </Notice>
  );
}
