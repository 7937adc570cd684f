import { call, getContext } from 'redux-saga/effects';

import { StorageKey, writeItem } from '../../../platform/storage';
import {
  currentSearch,
  type IdentitySources,
  identitySourcesNow,
  needsVisitorId,
  newDeviceId,
  readViewer,
  type ViewerIdentity,
} from './identity';

import type { GeneralId } from '@/api/contract/phone-sign-in';
import type { SagaServices } from '@/store';

/**
 * The viewer of a list or a room. A first-time guest (nobody signed in, no id stored, no mini-program user) is
 * first given the visitor id the live app's general_id issues, kept as this device's id, so the lists, the rooms
 * and own tracking all know the guest by the id the server made. Only when general_id does not answer is a
 * local id made, so a guest can still watch offline from the server's point of view.
 */
export function* viewerFor(addressUuid: string | null) {
  const sources: IdentitySources = yield call(identitySourcesNow, addressUuid);
  if (needsVisitorId(sources)) {
    const services: SagaServices = yield getContext('services');
    try {
      const got: GeneralId | null = yield call([services.api.lives, services.api.lives.fetchGeneralId]);
      if (got) yield call(writeItem, StorageKey.uuids, got.general_id);
    } catch {
      // No visitor id from the server: the local one below stands in.
    }
  }
  const who: ViewerIdentity = yield call(readViewer, addressUuid, newDeviceId);
  return who;
}

/** The same for the page's own address (the room and subscribe sagas). */
export function* viewerOfPage() {
  const search: string = yield call(currentSearch);
  const who: ViewerIdentity = yield call(viewerFor, new URLSearchParams(search).get('uuid'));
  return who;
}
