import type { RuntimeContext } from '../../platform/context';
import type { SessionFlow } from './store/types';

import type { RouteArea } from '@/routes';

/**
 * Which sign-in a page needs, decided by the route table's area and the context:
 * - adviser screens (area 'marketing', opened from the WeCom menu) and the staff desks (area
 *   'staff': expert answers, review, compliance records) need the work-chat session,
 *   in every context, since the marketing map knows the adviser only by sid; so does the action-log
 *   viewer (/__replay), whose reads the server allows a developer's session only;
 * - shared landing pages opened in WeChat sign in through share-page auth (SHARE_PAGES);
 * - the other customer screens in WeChat run the web-chat check (signed in if a bound token is
 *   stored, values cleared otherwise: no redirect, /jumpToWxAuth starts one);
 * - elsewhere (phone browsers, the app) nothing runs up front: a session error goes to /login.
 */
export const SHARE_PAGES: ReadonlySet<string> = new Set([
  'wechatH5',
  'kycH5',
  'preheatDetail',
  'preheatDetailV2',
  'preheatDetailGopher',
]);
/**
 * Screens that never need a session: the frame wrapper, the sign-in hops and diagnostics, and the
 * customer-facing product pages an adviser shares (a signed share code in the address is their permission).
 */
const NO_SESSION: ReadonlySet<string> = new Set([
  'iframe',
  'login',
  'jumpToWxAuth',
  'test',
  'rateShareDetail',
  'publicShareDetail',
]);

export function flowFor(
  route: { name: string; area: RouteArea } | undefined,
  context: RuntimeContext,
): SessionFlow | null {
  if (!route || NO_SESSION.has(route.name)) return null;
  // Action logs hold customers' screens: the viewer reads them as a developer, signed in through WeCom.
  if (route.area === 'marketing' || route.area === 'staff' || route.name === 'replay') return 'workChat';
  if (!context.webChat) return null;
  if (SHARE_PAGES.has(route.name)) return 'share';
  return route.area === 'helper' ? null : 'webChat';
}
