import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { privacyNoticePrompt, privacyPolicyLink } from '../content/navigation';

/** The one line beside a form that takes personal data: what it is used for, and the way to the privacy policy. */
export function PrivacyNotice({ text, className, icon }: { text: string; className: string; icon?: ReactNode }) {
  return (
    <p className={className}>
      {icon}
      <span>
        {text} {privacyNoticePrompt} <Link to={privacyPolicyLink.to}>{privacyPolicyLink.label}</Link>.
      </span>
    </p>
  );
}
