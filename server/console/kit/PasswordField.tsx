import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../passwords';
import { LabelledField } from './LabelledField';

/** A password as the console asks for it: the person's own (`current`), or a new one, with the length it needs. */
export function PasswordField({
  id,
  name,
  label,
  current,
}: {
  id: string;
  name: string;
  label: string;
  current: boolean;
}) {
  return (
    <LabelledField id={id} label={label}>
      <input
        className="contact-field__control"
        id={id}
        name={name}
        type="password"
        autoComplete={current ? 'current-password' : 'new-password'}
        required
        minLength={current ? undefined : MIN_PASSWORD_LENGTH}
        maxLength={MAX_PASSWORD_LENGTH}
      />
    </LabelledField>
  );
}
