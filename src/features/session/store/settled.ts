import { select, take } from 'redux-saga/effects';

import { selectSessionState, sessionCheckFailed, sessionSignedIn, sessionSignedOut } from './session-slice';
import type { SessionState } from './types';

const checking = (session: SessionState) => Object.values(session.flows).some((flow) => flow.status === 'checking');

/**
 * A request made while a sign-in is under way would go out with the token that sign-in is replacing (or
 * none, right after an authorization code came back) and be refused as a dead session, which sends the
 * person to /login. Feature sagas call this before their requests: it returns at once when no check runs.
 */
export function* sessionSettled() {
  for (;;) {
    const session: SessionState = yield select(selectSessionState);
    if (!checking(session)) return;
    yield take([sessionSignedIn.type, sessionSignedOut.type, sessionCheckFailed.type]);
  }
}
