import { languageLabels, LANGUAGES } from '../profile';

/** The languages a person takes calls in, one box each, as the invitation and the person's page both ask. */
export function LanguageChecks({ legend, fields }: { legend: string; fields: Record<string, string | undefined> }) {
  return (
    <fieldset className="staff-fieldset">
      <legend>{legend}</legend>
      {LANGUAGES.map((language) => (
        <label key={language} className="staff-articles__check">
          <input
            type="checkbox"
            name={`language_${language}`}
            defaultChecked={fields[`language_${language}`] === 'on'}
          />{' '}
          {languageLabels[language]}
        </label>
      ))}
    </fieldset>
  );
}
