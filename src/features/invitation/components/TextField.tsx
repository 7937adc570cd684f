import type { InputHTMLAttributes, ReactNode } from 'react';

/** A labelled field of the invitation forms: the label above, the input in its box, and what follows it there. */
export function TextField({
  id,
  label,
  children,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; children?: ReactNode }) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <div className="inv-field">
        <input id={id} {...input} />
        {children}
      </div>
    </>
  );
}
