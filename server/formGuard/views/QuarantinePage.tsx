import type { ConsoleAssets, ConsoleUser } from '../../console/kit/ConsoleDocument';
import { ConsoleDocument, ConsoleHeading, CsrfField, Notice } from '../../console/kit/ConsoleDocument';
import { CountPanel } from '../../console/kit/CountPanel';
import { LabTime } from '../../console/kit/LabTime';
import { StackTable } from '../../console/kit/StackTable';
import type { HeldItem } from '../quarantine';
import { formNames } from '../texts';

interface QuarantinePageProps {
  assets: ConsoleAssets;
  user: ConsoleUser;
  items: HeldItem[];
  total: number;
  notice?: { tone: 'success' | 'error'; text: string };
}

/** What the public forms held back, with why: staff deliver what is no spam, or delete it (decision 073). */
export function QuarantinePage({ assets, user, items, total, notice }: QuarantinePageProps) {
  return (
    <ConsoleDocument title="Quarantine" assets={assets} user={user} section="quarantine">
      <ConsoleHeading eyebrow="Forms" title="Quarantine">
        <p className="staff-muted">
          Posts the forms held back as likely robots. Nobody was e-mailed and nothing counts them; the visitor saw the
          usual thank-you. &ldquo;Not spam&rdquo; delivers one as if it had just arrived. Each is deleted after 30 days.
        </p>
      </ConsoleHeading>
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <CountPanel id="held-title" title="Held back" count={total}>
        {items.length === 0 ? (
          <p className="staff-muted">Nothing is held back.</p>
        ) : (
          <StackTable
            labelledBy="held-title"
            columns={['Received', 'Form', 'E-mail', 'Sent', 'Why', <span className="visually-hidden">Actions</span>]}
          >
            {items.map((item) => (
              <tr key={item.id}>
                <td data-label="Received">
                  <LabTime iso={item.receivedAt} />
                </td>
                <td data-label="Form">{formNames[item.form]}</td>
                <td data-label="E-mail">{item.email || '—'}</td>
                <td data-label="Sent">{item.summary || '—'}</td>
                <td data-label="Why">
                  <ul>
                    {item.reasons.map(({ reason, score }) => (
                      <li key={reason}>
                        {reason} (+{score})
                      </li>
                    ))}
                  </ul>
                  <strong>Score {item.score}</strong>
                </td>
                <td className="staff-table__action">
                  <form method="post" action={`/staff/quarantine/${item.id}/deliver`}>
                    <CsrfField user={user} />
                    <button className="staff-button" type="submit" aria-label={`Not spam: deliver item ${item.id}`}>
                      Not spam
                    </button>
                  </form>
                  <form method="post" action={`/staff/quarantine/${item.id}/delete`}>
                    <CsrfField user={user} />
                    <button
                      className="staff-button staff-button--danger"
                      type="submit"
                      aria-label={`Delete item ${item.id}`}
                    >
                      Delete
                    </button>
                  </form>
                </td>
              </tr>
            ))}
          </StackTable>
        )}
      </CountPanel>
    </ConsoleDocument>
  );
}
