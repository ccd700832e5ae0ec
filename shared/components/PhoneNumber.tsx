import type { Phone } from '../content/data';
import { useLocale } from './useLocale';

/**
 * A phone number as visitors read it. A stand-in the lab has still to replace says beside it that it is
 * only an example; that note may wrap under the number, which never breaks.
 */
export function PhoneNumber({ phone }: { phone: Phone }) {
  const { placeholderPhone } = useLocale().catalogue.site;
  if (!phone.placeholder) return <>{phone.number}</>;
  return (
    <span>
      {phone.number}
      <span className="phone-note"> ({placeholderPhone})</span>
    </span>
  );
}
