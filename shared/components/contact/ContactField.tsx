import type { ChangeEvent } from 'react';

import type { ContactFieldName } from '../../content/contactFields';
import { useLocale } from '../useLocale';

const inputTypes: Partial<Record<ContactFieldName, string>> = { email: 'email', phone: 'tel' };
const requiredFields: ReadonlySet<ContactFieldName> = new Set(['name', 'email', 'message']);

/** One labelled field with its server error, if any, tied to it for assistive technology. */
export function ContactField({
  name,
  value,
  error,
  onChange,
}: {
  name: ContactFieldName;
  value: string;
  error?: string;
  onChange: (name: ContactFieldName, value: string) => void;
}) {
  const { fieldCopy, serviceOptions, servicePlaceholder } = useLocale().catalogue.contact;
  const copy = fieldCopy[name];
  const id = `contact-${name}`;
  const errorId = `${id}-error`;
  const required = requiredFields.has(name);
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
  if (name === 'message') {
    control = (
      <textarea
        {...shared}
        rows={5}
        placeholder={copy.placeholder}
        className="contact-field__control contact-field__control--area"
      />
    );
  } else if (name === 'service') {
    control = (
      <select {...shared} className="contact-field__control contact-field__control--select">
        <option value="">{servicePlaceholder}</option>
        {serviceOptions.map((option) => (
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
        type={inputTypes[name] ?? 'text'}
        autoComplete={copy.autoComplete}
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
