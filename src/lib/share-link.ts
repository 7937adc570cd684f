/**
 * A link someone shares: never the sharer's identity or credentials, so
 * whoever opens it acts as themselves. The sharer rides along as `sharer`, which no screen
 * reads as an identity (attribution only).
 */
const IDENTITY_PARAMS = [
  'uuid',
  'uuids',
  'token',
  'user_token',
  'wechat_token',
  'mgmtoken',
  'code',
  'state',
  'employee_id',
  'union_id',
  'openid',
  'sid',
  'accountId',
  'fp_code',
  'customer_id',
  'sharer',
];

export const SHARER_PARAM = 'sharer';

export function shareLink(href: string, sharer: string | null = null): string {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return href;
  }
  for (const key of IDENTITY_PARAMS) url.searchParams.delete(key);
  if (sharer && sharer.trim()) url.searchParams.set(SHARER_PARAM, sharer.trim());
  url.hash = '';
  return url.toString();
}
