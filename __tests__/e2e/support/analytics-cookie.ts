/**
 * The visitor's anonymous id as sa-sdk-javascript keeps it in its cookie: the value is JSON whose
 * `identities` is base64 of JSON; `$identity_cookie_id` is the id every event sends as anonymous_id.
 */
export const ANALYTICS_COOKIE = 'sensorsdata2015jssdkcross';

export function anonymousIdFromCookie(value: string): string {
  const cookie = JSON.parse(decodeURIComponent(value)) as { identities: string };
  const identities = JSON.parse(Buffer.from(cookie.identities, 'base64').toString('utf8')) as {
    $identity_cookie_id: string;
  };
  return identities.$identity_cookie_id;
}
