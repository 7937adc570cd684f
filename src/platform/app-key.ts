import type { AppKey } from '../api/contract/common';

/**
 * Application identifier (docs/rules/roles.md#application-identifiers): `smile` when launched from the smileFund app or the
 * wexiao web view, `gopher` on the preheatDetailGopher screen, `wna` otherwise.
 */
export function applicationIdFor(search: string, pathname: string): AppKey {
  if (/^\/preheatDetailGopher(\/|$)/i.test(pathname)) return 'gopher';
  const params = new URLSearchParams(search);
  const from = params.get('fromApp') ?? params.get('from_app') ?? params.get('from');
  return from === 'smileFund' || from === 'wexiaoRnWebview' ? 'smile' : 'wna';
}
