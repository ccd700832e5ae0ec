import type { ReactNode } from 'react';

interface LabelledFieldProps {
  /** The control's id, which the label points to. */
  id: string;
  label: string;
  /** Another class beside staff-field, for the field's place in its form. */
  className?: string;
  /** The control. */
  children: ReactNode;
}

/** A console form's field: its label above its control. */
export function LabelledField({ id, label, className, children }: LabelledFieldProps) {
  return (
    <div className={className ? `staff-field ${className}` : 'staff-field'}>
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}
