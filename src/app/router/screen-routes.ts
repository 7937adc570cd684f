import { lazyScreen } from './lazy-screen';
import { screenLoaders } from './screens';
import type { ScreenRoute } from './types';

import { routeList, type RouteName, routes } from '@/routes';

function withScreen(name: RouteName): ScreenRoute {
  return { ...routes[name], ...lazyScreen(screenLoaders[name], `Route(${name})`) };
}

/** Every route joined with its lazy screen, in table (matching) order. */
export const screenRoutes: readonly ScreenRoute[] = routeList.map((route) => withScreen(route.name));

const byName = new Map(screenRoutes.map((route) => [route.name, route]));

/** One route's screen, by name (tests render single screens through it). */
export function screenRouteOf(name: RouteName): ScreenRoute {
  return byName.get(name)!;
}
