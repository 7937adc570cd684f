// Routes as data (spec §2): paths, titles, flags and links. No screens: the app layer maps routes to screens.
export { routes, routeList, getHref, type RouteName, type RouteOf } from './table';
export { buildHref } from './href';
export { findRoute, cacheKeyFor } from './match';
export { RouteMetaContext, useRouteMeta, useRouteDeeplink, type RouteMeta } from './meta';
export {
  guardDecision,
  hasPcWorkMarker,
  isDesktopUserAgent,
  isTopWindow,
  readDeeplinkParam,
  resolveFrameTarget,
  withPcWorkMarker,
  PC_WORK_PARAM,
  PC_WORK_VALUE,
  type FrameTarget,
  type GuardDecision,
  type GuardInput,
} from './guard';
export { readGuardEnvironment, type GuardEnvironment } from './environment';
export type { AppRoute, HrefArgs, HrefQuery, RouteArea, RouteFlags, RouteParams } from './types';
