import type { ReactNode } from 'react';

import { Link } from './Link';
import { useLocale } from './useLocale';

/** The one line beside a form that takes personal data: what it is used for, and the way to the privacy policy. */
export function PrivacyNotice({ text, className, icon }: { text: string; className: string; icon?: ReactNode }) {
  const { catalogue, localize } = useLocale();
  const { privacyNoticePrompt, privacyPolicyLink } = catalogue.navigation;
  return (
    <p className={className}>
      {icon}
      <span>
        {text} {privacyNoticePrompt} <Link to={localize(privacyPolicyLink.to)}>{privacyPolicyLink.label}</Link>.
      </span>
    </p>
  );
}
