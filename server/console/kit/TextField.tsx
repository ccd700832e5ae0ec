import { LabelledField } from './LabelledField';

interface TextFieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  maxLength: number;
  type?: 'text' | 'search';
  placeholder?: string;
  /** Another class beside staff-field, for the field's place in its form. */
  className?: string;
}

/** A labelled text input of a console filter form, styled as the site's form controls (beside SelectField). */
export function TextField({
  id,
  name,
  label,
  value,
  maxLength,
  type = 'text',
  placeholder,
  className,
}: TextFieldProps) {
  return (
    <LabelledField id={id} label={label} className={className}>
      <input
        className="contact-field__control"
        id={id}
        name={name}
        type={type}
        defaultValue={value}
        maxLength={maxLength}
        placeholder={placeholder}
      />
    </LabelledField>
  );
}

/** A list filter's free-text search, the wide first field of its form; the placeholder says what it searches. */
export function SearchField({ value, placeholder }: { value: string; placeholder: string }) {
  return (
    <TextField
      className="staff-filters__search"
      id="filter-search"
      name="q"
      type="search"
      label="Search"
      value={value}
      maxLength={200}
      placeholder={placeholder}
    />
  );
}
