interface SelectFieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  /** Value and text of each option, in order. */
  options: readonly (readonly [string, string])[];
}

/** A labelled select of a console filter form, styled as the site's form controls. */
export function SelectField({ id, name, label, value, options }: SelectFieldProps) {
  return (
    <div className="staff-field">
      <label htmlFor={id}>{label}</label>
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
    </div>
  );
}
