import { currentContext, type RuntimeContext } from '../../platform/context';
import { flowFor } from './requirements';
import type { SessionFlow } from './store/types';

import { findRoute, type GuardDecision, guardDecision, type GuardEnvironment, readGuardEnvironment } from '@/routes';

/**
 * The path whose sign-in runs at startup: the navigation guard decides first.
 * A guarded screen on a desktop browser goes to /iframe (no sign-in there; the framed page signs
 * in itself), so an authorization redirect must not race the router and win.
 */
export function startupPath(path: string, env: GuardEnvironment): string {
  const [pathname = '/', query = ''] = path.split('?');
  const decision: GuardDecision = guardDecision({ pathname, search: query ? `?${query}` : '', ...env });
  const target = decision.kind === 'redirect' ? decision.to : path;
  return new URL(target, 'http://app.local').pathname;
}

/** The sign-in the page runs at startup (requirements.ts), or null. */
export function startupFlow(path: string, env: GuardEnvironment, context: RuntimeContext): SessionFlow | null {
  return flowFor(findRoute(startupPath(path, env)), context);
}

/**
 * Whether the page's startup sign-in may leave the page (the WeCom and share-page authorizations) or is
 * finishing one (an authorization code in the address). Such a page needs the sign-in code, and the action
 * log that must be written on the way out, at once; on any other page they wait for the load event, so the
 * first screen's own script is all that is fetched before it.
 */
export function startupIsUrgent(): boolean {
  const { location } = globalThis;
  if (!location) return true;
  if (new URLSearchParams(location.search).has('code')) return true;
  const flow = startupFlow(location.pathname + location.search, readGuardEnvironment(), currentContext());
  return flow === 'workChat' || flow === 'share';
}
