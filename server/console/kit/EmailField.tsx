import { LabelledField } from './LabelledField';

/** The staff member's own e-mail address, as the sign-in and "Forgot password?" forms ask for it. */
export function OwnEmailField({ id, value }: { id: string; value: string }) {
  return (
    <LabelledField id={id} label="E-mail address">
      <input
        className="contact-field__control"
        id={id}
        name="email"
        type="email"
        autoComplete="username"
        required
        maxLength={254}
        defaultValue={value}
      />
    </LabelledField>
  );
}
