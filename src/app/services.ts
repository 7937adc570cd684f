import type { Environment } from '../../config/types';
import { afterLoadWhenIdle } from '../platform/after-load';
import { applicationIdFor } from '../platform/app-key';
import { readItem, StorageKey } from '../platform/storage';
import { createApi } from './api';

import type { ApiContext } from '@/api';
import { createActionLogServices, type Recorder, recordRequests, type SagaTriggers } from '@/features/action-log';
import { sessionSettled } from '@/features/session';
import { appErrorReporter, createTrackingServices } from '@/features/tracking';
import type { SagaServices } from '@/store';

/** Reads credentials on every request, so a sign-in saga's write is seen by the next call. */
function readCredentials(): ReturnType<ApiContext['getCredentials']> {
  const { search, pathname } = globalThis.location ?? { search: '', pathname: '/' };
  return {
    token: readItem(StorageKey.token) ?? undefined,
    mgmToken: readItem(StorageKey.mgmToken) ?? undefined,
    accountId: readItem(StorageKey.accountId) ?? undefined,
    appKey: applicationIdFor(search, pathname),
  };
}

/** Lets sagas navigate through the router mounted later by React (see NavigationBridge). */
export interface Navigator {
  current: ((to: string, options?: { replace?: boolean }) => void) | null;
}

export function createSagaServices(
  environment: Environment,
  navigator: Navigator,
  recorder?: Recorder,
  sagaTriggers?: Pick<SagaTriggers, 'current'>,
): SagaServices {
  // Marketing-map failures go to error reporting tagged with the request signature (docs/rules/errors.md#marketing-map-failures).
  const { api, preload } = createApi(environment, {
    getCredentials: readCredentials,
    reportError: (error, context) => void appErrorReporter.capture(error, context),
    // Each request's method, path, status and duration go into the action log beside the action that started it.
    ...(recorder ? { observeRequest: recordRequests(recorder) } : {}),
    // The action whose saga asks for a request, read as it asks (the request itself starts later, once axios loads).
    ...(sagaTriggers ? { requestOrigin: sagaTriggers.current } : {}),
  });
  // The HTTP layer is not part of the first load: a first request loads it, or this, whichever comes first.
  afterLoadWhenIdle(() => void preload().catch(() => undefined));
  return {
    api,
    navigate: (to, options) => {
      if (navigator.current) navigator.current(to, options);
      else globalThis.location?.assign(to);
    },
    currentPath: () => (globalThis.location ? globalThis.location.pathname + globalThis.location.search : '/'),
    now: () => Date.now(),
    auth: api.auth,
    ...(recorder ? { actionLog: createActionLogServices(recorder, api.clients.tracking) } : {}),
    ...(globalThis.document
      ? { tracking: createTrackingServices(environment, api.clients.tracking, sessionSettled) }
      : {}),
  };
}
