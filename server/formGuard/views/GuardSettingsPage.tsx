import type { ConsoleAssets, ConsoleUser } from '../../console/kit/ConsoleDocument';
import { ConsoleDocument, ConsoleHeading, CsrfField, Notice } from '../../console/kit/ConsoleDocument';
import { LabelledField } from '../../console/kit/LabelledField';
import type { GuardSettings } from '../settings';
import { GUARD_SETTING_NAMES, SETTING_MAX } from '../settings';
import { settingLabels } from '../texts';

interface GuardSettingsPageProps {
  assets: ConsoleAssets;
  user: ConsoleUser;
  settings: GuardSettings;
  saved: boolean;
}

/** The owners' thresholds and weights of the forms' checks (decision 073). */
export function GuardSettingsPage({ assets, user, settings, saved }: GuardSettingsPageProps) {
  return (
    <ConsoleDocument title="Form checks" assets={assets} user={user} section="form-checks">
      <ConsoleHeading eyebrow="Forms" title="Form checks">
        <p className="staff-muted">
          Each failed check adds its score; a post that reaches the threshold goes to the quarantine instead of being
          delivered. Whole numbers from 0 to {SETTING_MAX}.
        </p>
      </ConsoleHeading>
      {saved && <Notice tone="success">Saved: the forms use these within seconds.</Notice>}
      <form className="staff-panel staff-form" method="post" action="/staff/form-checks">
        <CsrfField user={user} />
        {GUARD_SETTING_NAMES.map((name) => (
          <LabelledField key={name} id={`setting-${name}`} label={settingLabels[name]}>
            <input
              className="contact-field__control"
              id={`setting-${name}`}
              name={name}
              type="number"
              min={0}
              max={SETTING_MAX}
              step={1}
              required
              defaultValue={settings[name]}
            />
          </LabelledField>
        ))}
        <button className="button button--primary" type="submit">
          Save
        </button>
      </form>
    </ConsoleDocument>
  );
}
