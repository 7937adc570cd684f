import type { ReactNode } from 'react';

/** One input row of the form with its error line under it (kept in place, so nothing moves when one shows). */
export function LoginField({ error, children }: { error: string | null; children: ReactNode }) {
  return (
    <>
      <div className="login-row">{children}</div>
      <p className="login-field-error" role="alert">
        {error ?? ''}
      </p>
    </>
  );
}
