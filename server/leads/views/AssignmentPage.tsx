import type { ConsoleAssets, ConsoleUser } from '../../console/kit/ConsoleDocument';
import { ConsoleDocument, ConsoleHeading, CsrfField, Notice, ProblemsNotice } from '../../console/kit/ConsoleDocument';
import { SelectField } from '../../console/kit/SelectField';
import { assignmentCopy } from '../consoleTexts';

interface AssignmentPageProps {
  assets: ConsoleAssets;
  user: ConsoleUser;
  /** The rule and person shown: the one in force, or what was posted when it was refused. */
  rule: string;
  person: string;
  /** The people who may own a lead, by address. */
  owners: readonly { email: string; name: string }[];
  saved?: string;
  problems: readonly string[];
}

/** The owners' choice of how a new lead gets its owner (decision 081). */
export function AssignmentPage({ assets, user, rule, person, owners, saved, problems }: AssignmentPageProps) {
  return (
    <ConsoleDocument title={assignmentCopy.title} assets={assets} user={user} section="assignment">
      <ConsoleHeading eyebrow="Leads" title={assignmentCopy.title}>
        <p>{assignmentCopy.intro}</p>
      </ConsoleHeading>
      {saved && <Notice tone="success">{saved}</Notice>}
      <ProblemsNotice problems={problems} />
      <section className="staff-panel card" aria-labelledby="assignment-rule-title">
        <h2 id="assignment-rule-title">{assignmentCopy.panel}</h2>
        <form className="staff-form" method="post" action="/staff/assignment">
          <CsrfField user={user} />
          <SelectField
            id="assignment-rule"
            name="rule"
            label={assignmentCopy.ruleLabel}
            value={rule}
            options={Object.entries(assignmentCopy.rules)}
          />
          <SelectField
            id="assignment-person"
            name="person"
            label={assignmentCopy.personLabel}
            value={person}
            options={[['', assignmentCopy.nobody], ...owners.map((owner) => [owner.email, owner.name] as const)]}
          />
          <button className="button button--primary" type="submit">
            {assignmentCopy.save}
          </button>
        </form>
      </section>
    </ConsoleDocument>
  );
}
