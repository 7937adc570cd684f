// Routes as data (docs/rules/routes-and-screens.md): paths, titles, flags and links. No screens: the app layer maps routes to screens.
export { type GuardEnvironment, readGuardEnvironment } from './environment';
export {
  type FrameTarget,
  type GuardDecision,
  guardDecision,
  type GuardInput,
  hasPcWorkMarker,
  isDesktopUserAgent,
  isTopWindow,
  PC_WORK_PARAM,
  PC_WORK_VALUE,
  readDeeplinkParam,
  resolveFrameTarget,
  withPcWorkMarker,
} from './guard';
export { buildHref } from './href';
export { cacheKeyFor, findRoute } from './match';
export { type RouteMeta, RouteMetaContext, useRouteDeeplink, useRouteMeta } from './meta';
export { getHref, routeList, type RouteName, type RouteOf, routes } from './table';
export type { AppRoute, HrefArgs, HrefQuery, RouteArea, RouteFlags, RouteParams } from './types';
