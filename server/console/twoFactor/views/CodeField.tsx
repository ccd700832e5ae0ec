import { LabelledField } from '../../kit/LabelledField';

/**
 * The field for an authenticator's code: six digits (a space between the threes allowed), or, at the second step
 * (`recovery`), a recovery code too, so letters, no spell check and no capitals.
 */
export function CodeField({ id, label, recovery = false }: { id: string; label: string; recovery?: boolean }) {
  const kind = recovery
    ? ({ autoCapitalize: 'none', spellCheck: false, maxLength: 40 } as const)
    : ({ inputMode: 'numeric', pattern: '[0-9 ]{6,7}', maxLength: 7 } as const);
  return (
    <LabelledField id={id} label={label}>
      <input className="contact-field__control" id={id} name="code" autoComplete="one-time-code" {...kind} required />
    </LabelledField>
  );
}
