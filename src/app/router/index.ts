// The app's router: maps the route table (src/routes, data) to lazily loaded feature screens.
export { AppRoutes, NOT_FOUND_TITLE } from './AppRoutes';
export { KEEP_ALIVE_LIMIT } from './keepAlive';
export { screenRoutes, screenRouteOf } from './screenRoutes';
export type { ScreenRoute } from './types';
