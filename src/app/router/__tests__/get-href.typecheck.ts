// Compile-time checks of getHref's types (run by `tsc --noEmit`; jest ignores this file).
import { getHref, routes } from '@/routes';

export const typed: string[] = [
  routes.about.getHref({ liveid: 12 }, { from: 'weapp' }),
  routes.about.getHref(),
  routes.rules.getHref(undefined, { x: 1 }),
  getHref('liveEnd', { liveid: '9' }),
  getHref('home'),
];

// @ts-expect-error not a param of /about/:liveid?
routes.about.getHref({ nope: 1 });
// @ts-expect-error not a route name
getHref('nope');
// @ts-expect-error /rules has no params
routes.rules.getHref({ liveid: 1 });
