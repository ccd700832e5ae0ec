import type { ChangeEvent } from 'react';

import type { ContactFieldName, ContactFieldSpec } from '../../content/contactFields';
import { useLocale } from '../useLocale';

/** One labelled field with its server error, if any, tied to it for assistive technology. */
export function ContactField({
  field,
  value,
  error,
  onChange,
}: {
  field: ContactFieldSpec;
  value: string;
  error?: string;
  onChange: (name: ContactFieldName, value: string) => void;
}) {
  const { fieldCopy, serviceOptions, servicePlaceholder, heardOptions } = useLocale().catalogue.contact;
  const { name } = field;
  const copy = fieldCopy[name];
  const id = `contact-${name}`;
  const errorId = `${id}-error`;
  const required = 'required' in field;
  const shared = {
    id,
    name,
    value,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      onChange(name, event.target.value),
  };

  let control;
  if (field.control === 'textarea') {
    control = (
      <textarea
        {...shared}
        rows={5}
        placeholder={copy.placeholder}
        className="contact-field__control contact-field__control--area"
      />
    );
  } else if (field.control === 'select') {
    const service = name === 'service';
    control = (
      <select {...shared} className="contact-field__control contact-field__control--select">
        <option value="">{service ? servicePlaceholder : copy.placeholder}</option>
        {(service ? serviceOptions : heardOptions).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  } else {
    control = (
      <input
        {...shared}
        type={field.control}
        autoComplete={field.autoComplete}
        placeholder={copy.placeholder}
        className="contact-field__control"
      />
    );
  }

  return (
    <div className={`contact-field contact-field--${name}${error ? ' contact-field--invalid' : ''}`}>
      <label htmlFor={id} className="contact-field__label">
        {copy.label}
        {required ? (
          <span className="contact-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {control}
      {error ? (
        <p id={errorId} className="contact-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
