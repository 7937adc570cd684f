import { matchPath } from 'react-router-dom';

import { routeList, type RouteName, type RouteOf } from './table';

/**
 * The route a pathname shows, matched the way <Routes> matches it: case-insensitively (old
 * links say RateDetail, FundInDetail, rateShareDetail) and tolerant of a trailing slash.
 */
export function findRoute(pathname: string): RouteOf<RouteName> | undefined {
  return routeList.find((route) => matchPath({ path: route.path, caseSensitive: false, end: true }, pathname) !== null);
}

/** Keep-alive cache key: route name + path, case- and trailing-slash-insensitive like matching. */
export function cacheKeyFor(name: string, pathname: string): string {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  return `${name}:${path}`;
}
