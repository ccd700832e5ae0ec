import { LabelledField } from './LabelledField';

interface SelectFieldProps {
  id: string;
  name: string;
  label: string;
  /** The option chosen at first; the first one when none is given. */
  value?: string;
  /** Value and text of each option, in order. */
  options: readonly (readonly [string, string])[];
}

/** A labelled select of a console form, styled as the site's form controls. */
export function SelectField({ id, name, label, value, options }: SelectFieldProps) {
  return (
    <LabelledField id={id} label={label}>
      <select
        className="contact-field__control contact-field__control--select"
        id={id}
        name={name}
        defaultValue={value}
      >
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </LabelledField>
  );
}

/** A filter's options: the empty value for all of them first, then each value under its label. */
export function optionsWithAll<V extends string>(
  all: string,
  values: readonly V[],
  labels: Record<V, string>,
): (readonly [string, string])[] {
  return [['', all], ...values.map((value) => [value, labels[value]] as const)];
}
