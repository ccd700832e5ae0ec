import type { Request } from 'express';

import type { Locale } from '../../shared/lib/locale';
import type { AfterAnswer } from '../http/afterAnswer';
import { deviceOf } from '../vitals/routes';
import { notCounted } from './consent';
import type { AnalyticsStore, Conversion } from './store';

interface Converted {
  locale: Locale;
  source: string;
  service?: string;
}

/**
 * The conversions the server sees (decision 046): a lead (by service), a newsletter sign-up and its
 * confirmation, each counted under the visit's source once the visitor has their answer. A bot, a prefetch,
 * Do Not Track and Global Privacy Control are not counted, as for page views. Each is called once per event:
 * a lead per lead stored, a sign-up only when the address newly asks to join (the subscriber store says so),
 * a confirmation per link, which its first press spends.
 */
export function conversionCounts(store: AnalyticsStore, afterAnswer: AfterAnswer) {
  const count = (kind: Conversion, device: string, { locale, source, service }: Converted) =>
    afterAnswer.run(`${kind} conversion count`, () => store.addConversion(kind, { locale, device, source, service }));
  const fromRequest = (kind: Conversion) => (req: Request, converted: Converted) => {
    if (!notCounted(req)) count(kind, deviceOf(req), converted);
  };
  return {
    lead: fromRequest('lead'),
    signUp: fromRequest('signup'),
    /** A confirmation link is opened from an e-mail: the sign-up's source, no device; "" was not to be counted. */
    confirmed: (subscriber: Converted) => {
      if (subscriber.source) count('confirmed', '', subscriber);
    },
  };
}
