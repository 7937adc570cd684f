import { call, getContext } from 'redux-saga/effects';

import type { GeneralId } from '../../../api/contract/phone-sign-in';
import type { ServiceClients } from '../../../api/services';
import { StorageKey, writeItem } from '../../../platform/storage';
import type { TrackingServices } from '../services';
import { requestGeneralId } from './api';
import { trackingIdentityFrom } from './identity';

import type { SagaServices } from '@/store';

/**
 * A guest (nobody signed in, no device id stored, none in the address) gets a visitor id from general_id,
 * kept as this device's id (docs/rules/data.md#local-storage-keys) so own tracking reports the same guest on every page. Best effort:
 * without an answer the event goes out as before, without an id. Returns the id now in use ('' for none).
 */
export function* ensureVisitorId(t: TrackingServices) {
  const identity = trackingIdentityFrom(yield call([t, t.identitySources]));
  if (identity.uuid || identity.employeeId) return identity.uuid;
  const services: SagaServices = yield getContext('services');
  try {
    const got: GeneralId | null = yield call(requestGeneralId, services.api.clients as Pick<ServiceClients, 'liveApp'>);
    if (!got) return '';
    yield call(writeItem, StorageKey.uuids, got.general_id);
    return got.general_id;
  } catch (error) {
    t.log(`visitor id unavailable: ${String(error)}`);
    return '';
  }
}
