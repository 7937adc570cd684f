import { type ComponentType, lazy, Suspense, useMemo } from 'react';
import { useLocation } from 'react-router-dom';

import { PageHeading } from './PageHeading';

import { getHref, readDeeplinkParam, type RouteMeta, RouteMetaContext } from '@/routes';

// Only guarded screens opened with a deeplink show it: keep it out of the first load.
const OpenInAppBar = lazy(
  () => import(/* webpackChunkName: "open-in-app" */ '../../features/tracking/components/OpenInAppBar'),
);
const DOWNLOAD_HREF = getHref('download');

/**
 * Wraps every routed screen. It reads the location of ITS slot (a hidden keep-alive screen
 * keeps the address it was opened with), so a screen never sees another screen's query.
 */
export function RouteScreen({
  route,
}: {
  route: Omit<RouteMeta, 'deeplink'> & { Screen: ComponentType; guarded?: boolean };
}) {
  const { search } = useLocation();
  const { name, title, area, Screen, guarded } = route;
  const value = useMemo<RouteMeta>(
    () => ({ name, title, area, deeplink: readDeeplinkParam(search) }),
    [name, title, area, search],
  );
  return (
    <RouteMetaContext.Provider value={value}>
      <PageHeading title={title} />
      <Screen />
      {guarded && value.deeplink && (
        <Suspense fallback={null}>
          <OpenInAppBar deeplink={value.deeplink} downloadHref={DOWNLOAD_HREF} />
        </Suspense>
      )}
    </RouteMetaContext.Provider>
  );
}
