import type { ReactNode } from 'react';

import { statusLabels } from '../consoleTexts';
import type { LeadStatus } from '../leadStatus';

export function StatusBadge({ status }: { status: LeadStatus }) {
  return <span className={`staff-badge staff-badge--${status}`}>{statusLabels[status]}</span>;
}

/** One labelled value of a lead's page. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="staff-fields__item">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
