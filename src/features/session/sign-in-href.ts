import type { RuntimeContext } from '../../platform/context';

import { getHref } from '@/routes';

/**
 * Where a guest signs in before an action that needs a person: inside WeChat its own authorization (one tap, no
 * phone typed), anywhere else /login; both come back to `here`. Callers replace the page with it, so once signed
 * in, back leaves for the page before `here` in one press.
 */
export function signInHref(context: Pick<RuntimeContext, 'webChat'>, here: string): string {
  return context.webChat ? getHref('jumpToWxAuth', {}, { redirect: here }) : getHref('login', {}, { redirect: here });
}
