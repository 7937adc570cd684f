import { createContext, useContext } from 'react';

import type { RouteArea } from './types';

export interface RouteMeta {
  name: string;
  title: string;
  area: RouteArea;
  /** The `deeplink` query value for app wake-up, or null. */
  deeplink: string | null;
}

/** Provided by the app's route wrapper around every routed screen. */
export const RouteMetaContext = createContext<RouteMeta | null>(null);

/** Name, title, area and deeplink of the route rendering this component. */
export function useRouteMeta(): RouteMeta {
  const meta = useContext(RouteMetaContext);
  if (!meta) throw new Error('useRouteMeta must be used inside a routed screen');
  return meta;
}

/** The `deeplink` query parameter of the current screen (guarded share/detail screens wake the app with it). */
export function useRouteDeeplink(): string | null {
  return useRouteMeta().deeplink;
}
