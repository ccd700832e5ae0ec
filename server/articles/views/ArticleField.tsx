import type { ArticleFieldName, TypedFields } from '../fields';
import { fieldLabels } from '../fields';

interface FieldProps {
  name: ArticleFieldName;
  typed: TypedFields;
  errors: Partial<Record<ArticleFieldName, string>>;
  hint?: string;
  /** The label, when it is not the field's own (fieldLabels). */
  label?: string;
  children: (props: {
    id: string;
    name: string;
    'aria-invalid'?: true;
    'aria-describedby'?: string;
    className: string;
  }) => React.ReactNode;
}

/** A labelled control with its hint and, when refused, its error. */
export function Field({ name, errors, hint, label, children }: FieldProps) {
  const id = `article-${name}`;
  const error = errors[name];
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className={`staff-field contact-field${error ? ' contact-field--invalid' : ''}`}>
      <label htmlFor={id}>{label ?? fieldLabels[name]}</label>
      {hint && (
        <p className="staff-muted staff-articles__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {children({
        id,
        name,
        className: 'contact-field__control',
        ...(error ? { 'aria-invalid': true } : {}),
        ...(described ? { 'aria-describedby': described } : {}),
      })}
      {error && (
        <p className="contact-field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
