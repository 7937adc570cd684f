import type { OwnEventRequest, OwnFastRequest } from '../../../api/contract/tracking';
import { OwnTrackingPath, type OwnTrackingVariant } from '../../../api/contract/tracking-wire';
import { requestData } from '../../../api/request';

import type { ServiceClient } from '@/api';
import { isGeneralId } from '@/api/generated/phone-sign-in';
import { isOwnTrackingAckData } from '@/api/generated/tracking';
import type { ServiceClients } from '@/api/services';

/** POST event.php / fast.php on the tracking client (appid: live; rejects on network errors). */
export function createOwnTrackingApi(client: ServiceClient) {
  return {
    sendEvent: (variant: OwnTrackingVariant, body: OwnEventRequest) =>
      requestData(client, { method: 'post', url: OwnTrackingPath[variant].event, data: body }, isOwnTrackingAckData),
    sendFast: (variant: OwnTrackingVariant, body: OwnFastRequest) =>
      requestData(client, { method: 'post', url: OwnTrackingPath[variant].fast, data: body }, isOwnTrackingAckData),
  };
}
export type OwnTrackingApi = ReturnType<typeof createOwnTrackingApi>;

/** POST /live-api/cs-live-app/api/live/interact/general_id: a visitor id for someone not signed in (null after a network failure). */
export const requestGeneralId = (clients: Pick<ServiceClients, 'liveApp'>) =>
  requestData(clients.liveApp, { method: 'POST', url: '/api/live/interact/general_id', data: {} }, isGeneralId);
