import type { ReactNode } from 'react';

import { catalogues } from '../../pages/catalogues';
import { statusLabels } from '../consoleTexts';
import type { LeadStatus } from '../leadStatus';

export function StatusBadge({ status }: { status: LeadStatus }) {
  return <span className={`staff-badge staff-badge--${status}`}>{statusLabels[status]}</span>;
}

/** The service's name as the contact form lists it; a dash when none was chosen. */
export function serviceLabel(value: string): string {
  if (value === '') return '—';
  return catalogues.en.contact.serviceOptions.find((option) => option.value === value)?.label ?? value;
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
