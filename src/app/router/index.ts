// Public API of the router. Features import from here ('app/router'), never from its files.
export { AppRouter } from './AppRouter';
export { AppRoutes, NOT_FOUND_TITLE } from './AppRoutes';
export { routes, routeList, getHref, type RouteName, type RouteOf } from './routes';
export { findRoute } from './match';
export { useRouteDeeplink, useRouteMeta, type RouteMeta } from './RouteMeta';
export {
  guardDecision,
  isDesktopUserAgent,
  readDeeplinkParam,
  resolveFrameTarget,
  withPcWorkMarker,
  PC_WORK_PARAM,
  PC_WORK_VALUE,
  type FrameTarget,
  type GuardDecision,
  type GuardInput,
} from './guard';
export { KEEP_ALIVE_LIMIT } from './keepAlive';
export type { AppRoute, HrefQuery, RouteArea } from './types';
