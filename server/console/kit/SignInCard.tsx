import type { ReactNode } from 'react';

import type { ConsoleAssets, ConsoleUser } from './ConsoleDocument';
import { ConsoleDocument, Notice } from './ConsoleDocument';

interface SignInCardProps {
  assets: ConsoleAssets;
  /** The signed-in person, when it asks them for their password again; none on the pages open without a session. */
  user?: ConsoleUser;
  /** The heading's id, which names the card. */
  id: string;
  title: string;
  eyebrow?: string;
  intro?: ReactNode;
  error?: string;
  info?: string;
  /** The form, and the link below it. */
  children: ReactNode;
}

/**
 * The frame of the pages where a person proves who they are with a password: signing in, asking for a reset
 * link, setting a password from a link, and confirming it before a dangerous action. One card, as a plain form.
 */
export function SignInCard({
  assets,
  user,
  id,
  title,
  eyebrow = 'Staff console',
  intro,
  error,
  info,
  children,
}: SignInCardProps) {
  return (
    <ConsoleDocument title={title} assets={assets} user={user}>
      <section className="staff-sign-in card" aria-labelledby={id}>
        <p className="eyebrow">{eyebrow}</p>
        <h1 id={id} className="staff-sign-in__title">
          {title}
        </h1>
        {intro && <p className="staff-muted">{intro}</p>}
        {error && <Notice tone="error">{error}</Notice>}
        {info && <Notice tone="success">{info}</Notice>}
        {children}
      </section>
    </ConsoleDocument>
  );
}
