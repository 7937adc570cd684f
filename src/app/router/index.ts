// The app's router: maps the route table (src/routes, data) to lazily loaded feature screens.
export { AppRoutes } from './AppRoutes';
export { preloadBars } from './bars/AreaBar';
export { screenRouteOf } from './screen-routes';
