import type { StaffDesk } from './store/types';

/**
 * The staff desks an employee record (as stored at sign-in, docs/sign-in.md) opens: experts write through a
 * financial adviser's account, reviewers and compliance officers by their staff role. Entries only: each desk's
 * server still decides by the session.
 */
export function desksOf(employee: { is_financial_advisor?: unknown; roles?: unknown } | null | undefined): StaffDesk[] {
  const roles = Array.isArray(employee?.roles) ? (employee.roles as unknown[]) : [];
  return [
    ...(employee?.is_financial_advisor === 1 ? (['expertAnswers'] as const) : []),
    ...(roles.includes('reviewer') ? (['reviewDesk'] as const) : []),
    ...(roles.includes('compliance') ? (['complianceLog'] as const) : []),
  ];
}

/** The desks of the stored user info; null when nothing (readable) is stored: not signed in yet. */
export function desksOfStoredUser(userInfos: string | null): StaffDesk[] | null {
  if (!userInfos) return null;
  try {
    const info = JSON.parse(userInfos) as { employee?: { is_financial_advisor?: unknown; roles?: unknown } | null };
    return desksOf(info.employee);
  } catch {
    return null;
  }
}
