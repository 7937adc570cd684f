import type { OwnEventRequest, OwnFastRequest, OwnTrackingCommon } from '../../../api/contract/tracking';
import { OWN_TRACKING, type OwnTrackingVariant } from '../../../api/contract/tracking-wire';
import type { TrackingIdentity } from './identity';

/** Optional per-event values of docs/rules/data.md that the screen knows better than the identity. */
export interface OwnTrackingExtras {
  projectUid?: string;
  productUid?: string;
  countType?: number;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Both an event name and a data object, else the call is refused (docs/rules/validation.md#own-tracking-events). */
export function ownEventProblem(name: unknown, data: unknown): string | null {
  if (typeof name !== 'string' || name.trim() === '') return '埋点缺少事件名';
  if (!isPlainObject(data)) return `埋点 ${name} 缺少数据对象`;
  return null;
}

/** The advisor variant only for advisors; customers' groups and the app flow go to the customer one. */
export function variantFor(identity: TrackingIdentity): OwnTrackingVariant {
  return identity.flow === 'advisor' ? 'advisor' : 'customer';
}

/** Every field (docs/rules/data.md#own-tracking-fields) with the values of docs/rules/roles.md#own-tracking-values and docs/rules/constants.md for this user's flow. */
export function ownCommonFields(
  identity: TrackingIdentity,
  nowMs: number,
  extras: OwnTrackingExtras = {},
): OwnTrackingCommon {
  const variant = variantFor(identity);
  const userid = identity.flow === 'advisor' ? identity.employeeId : identity.uuid || identity.employeeId;
  return {
    product_source: OWN_TRACKING.productSource,
    project_source:
      identity.platform === 1 ? OWN_TRACKING.projectSourceForPlatformOne : OWN_TRACKING.projectSourceOther,
    channel_source: OWN_TRACKING.channelSource[variant],
    project_uid: extras.projectUid ?? identity.groupNo,
    project_utype: OWN_TRACKING.projectUtype[identity.flow],
    is_analyst: identity.flow === 'advisor' ? identity.isFinancialAdvisor : 0,
    count_type: extras.countType ?? 1,
    version: identity.flow === 'app' ? OWN_TRACKING.version.app : OWN_TRACKING.version[variant],
    userid,
    uuid: identity.uuid,
    timestamp: Math.floor(nowMs / 1000),
    product_uid: extras.productUid ?? '',
  };
}

export function buildOwnEvent(
  identity: TrackingIdentity,
  name: string,
  data: Record<string, unknown>,
  nowMs: number,
  extras?: OwnTrackingExtras,
): OwnEventRequest {
  return { ...ownCommonFields(identity, nowMs, extras), event_name: name, event_data: data };
}

export function buildOwnFast(
  identity: TrackingIdentity,
  method: string,
  params: Record<string, unknown>,
  nowMs: number,
  extras?: OwnTrackingExtras,
): OwnFastRequest {
  return { ...ownCommonFields(identity, nowMs, extras), method, params };
}
