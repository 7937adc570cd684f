import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';

import { localEnvironment } from '../../../../config/environments';
import { currentEnvironment } from '../../../api/environment';
import { currentUrl, replaceWith } from '../../../platform/location';
import { sessionCheckRequested } from '../store/session-slice';
import { runCheck } from '../store/session-workers';
import type { SessionFlow } from '../store/types';

import { rootReducer, type SagaServices } from '@/store';

/** The session check of `flow` on the page at `href`, in the local environment; the browser is never sent away. */
export function runCheckAt(flow: SessionFlow, href: string, services: SagaServices) {
  const action = sessionCheckRequested({ flow });
  return expectSaga(runCheck, action)
    .withReducer(rootReducer, rootReducer(undefined, action))
    .provide([
      [matchers.getContext('services'), services],
      [matchers.call.fn(currentUrl), href],
      [matchers.call.fn(currentEnvironment), localEnvironment],
      [matchers.call.fn(replaceWith), undefined],
    ]);
}
