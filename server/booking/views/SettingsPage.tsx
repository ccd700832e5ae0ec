import type { ConsoleAssets, ConsoleUser } from '../../console/kit/ConsoleDocument';
import { ConsoleDocument, CsrfField, Notice, ProblemsNotice } from '../../console/kit/ConsoleDocument';
import type { EventSettings } from '../settings';
import { SETTING_BOUNDS, SETTING_LABELS } from '../settings';

interface SettingsPageProps {
  assets: ConsoleAssets;
  user: ConsoleUser;
  fields: Record<string, string>;
  problems: readonly string[];
  saved: boolean;
}

/** The owners' settings of the intro call (decision 082): each number with its bounds, and the meeting link. */
export function SettingsPage({ assets, user, fields, problems, saved }: SettingsPageProps) {
  return (
    <ConsoleDocument title="Bookings" assets={assets} user={user} section="bookings">
      <section className="container staff-section" aria-labelledby="booking-settings">
        <h1 id="booking-settings">Intro call settings</h1>
        {saved ? <Notice tone="success">Saved: new bookings follow these settings.</Notice> : null}
        <ProblemsNotice problems={problems} />
        <form method="post" action="/staff/bookings/settings" className="staff-form">
          <CsrfField user={user} />
          {Object.entries(SETTING_BOUNDS).map(([name, [least, most]]) => (
            <label key={name} className="staff-field">
              <span>{SETTING_LABELS[name as keyof typeof SETTING_BOUNDS]}</span>
              <input
                className="contact-field__control"
                name={name}
                type="number"
                min={least}
                max={most}
                required
                defaultValue={fields[name]}
              />
            </label>
          ))}
          <label className="staff-field">
            <span>Meeting link (https://, in every invitation; empty for none)</span>
            <input className="contact-field__control" name="meetingUrl" type="url" defaultValue={fields.meetingUrl} />
          </label>
          <button className="button button--primary" type="submit">
            Save
          </button>
        </form>
      </section>
    </ConsoleDocument>
  );
}

/** The stored settings as the form shows them. */
export const settingsFields = (settings: EventSettings): Record<string, string> =>
  Object.fromEntries(Object.entries(settings).map(([name, value]) => [name, String(value)]));
