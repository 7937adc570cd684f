// The app's router: maps the route table (src/routes, data) to lazily loaded feature screens.
export { AppRoutes, NOT_FOUND_TITLE } from './AppRoutes';
export { KEEP_ALIVE_LIMIT } from './keep-alive';
export { screenRouteOf, screenRoutes } from './screen-routes';
export type { ScreenRoute } from './types';
