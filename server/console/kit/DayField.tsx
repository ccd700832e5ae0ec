import { LabelledField } from './LabelledField';

/** A labelled day input (YYYY-MM-DD) of a console filter form: a period's first or last day. */
export function DayField({ id, name, label, value }: { id: string; name: string; label: string; value: string }) {
  return (
    <LabelledField id={id} label={label}>
      <input className="contact-field__control" id={id} name={name} type="date" defaultValue={value} />
    </LabelledField>
  );
}
