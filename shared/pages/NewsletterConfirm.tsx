import { useContext } from 'react';

import { NewsletterAsk, NewsletterOutcome } from '../components/newsletter/NewsletterStep';
import { NewsletterTokenContext } from '../components/newsletter/token';
import { useLocale } from '../components/useLocale';
import { useSearchParams } from '../components/useSearchParams';
import { CONFIRM_OUTCOMES, CONFIRM_PATH, readResult, TOKEN_PARAM } from '../model/newsletter';

/** A confirmation link's page: the button while the link's token is here, then its outcome. */
export default function NewsletterConfirm() {
  const token = useContext(NewsletterTokenContext);
  const params = useSearchParams();
  const { catalogue, localize } = useLocale();
  const confirmPage = catalogue.newsletterConfirm;
  if (token)
    return (
      <NewsletterAsk
        eyebrow={confirmPage.eyebrow}
        copy={confirmPage.ask}
        action={localize(CONFIRM_PATH)}
        fields={{ [TOKEN_PARAM]: token }}
      />
    );
  const result = readResult(params, CONFIRM_OUTCOMES);
  return (
    <NewsletterOutcome
      eyebrow={confirmPage.eyebrow}
      notice={result ? confirmPage.outcomes[result] : confirmPage.missing}
    />
  );
}
