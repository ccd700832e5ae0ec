import type { ReactNode } from 'react';

import type { Phone } from '../content/data';
import { telHref } from '../content/data';

/**
 * A number to call: a tel: link for the lab's real number. A stand-in stays text, so nobody dials it and
 * the visit counts no call for it (the counter counts clicks on tel: links).
 */
export function PhoneLink({ phone, className, children }: { phone: Phone; className: string; children: ReactNode }) {
  if (phone.placeholder) return <span className={className}>{children}</span>;
  return (
    <a href={telHref(phone)} className={className}>
      {children}
    </a>
  );
}
