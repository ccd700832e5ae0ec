import { useContext } from 'react';

import { NewsletterAsk, NewsletterOutcome } from '../components/newsletter/NewsletterStep';
import { NewsletterTokenContext } from '../components/newsletter/token';
import { useLocale } from '../components/useLocale';
import { useSearchParams } from '../components/useSearchParams';
import { ONE_CLICK_FIELD, readResult, UNSUBSCRIBE_OUTCOMES, UNSUBSCRIBE_PATH, withToken } from '../model/newsletter';

/**
 * An unsubscribe link's page: the button posts to the link itself with the
 * body a mail client's one-click unsubscribe sends (RFC 8058), then the outcome.
 */
export default function NewsletterUnsubscribe() {
  const token = useContext(NewsletterTokenContext);
  const params = useSearchParams();
  const { catalogue, localize } = useLocale();
  const unsubscribePage = catalogue.newsletterUnsubscribe;
  if (token) {
    return (
      <NewsletterAsk
        eyebrow={unsubscribePage.eyebrow}
        copy={unsubscribePage.ask}
        action={withToken(localize(UNSUBSCRIBE_PATH), token)}
        fields={ONE_CLICK_FIELD}
      />
    );
  }
  const result = readResult(params, UNSUBSCRIBE_OUTCOMES);
  return (
    <NewsletterOutcome
      eyebrow={unsubscribePage.eyebrow}
      notice={result ? unsubscribePage.outcomes[result] : unsubscribePage.missing}
    />
  );
}
