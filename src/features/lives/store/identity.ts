import { readItem, StorageKey, writeItem } from '../../../platform/storage';

/** Who is watching or subscribing: the subscribe payload's fields (spec §3) plus a presence id. */
export interface ViewerIdentity {
  employeeId: string;
  realName: string;
  /** Sent only when not null (spec §5). */
  unionId: string | null;
  /** Counted once per room by heartbeats. */
  viewerId: string;
}

function parseUserInfos(raw: string | null): Record<string, unknown> | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/**
 * The viewer: the signed-in user info (storage `userinfos`, written by the session
 * feature) when there is one; else the uuid of the address (the home list's employee_id),
 * remembered in `uuids` so detail pages opened from the list know it; else a device id.
 * `makeId` is only called when nothing is known yet.
 */
export function readViewerIdentity(search: string, makeId: () => string): ViewerIdentity {
  const info = parseUserInfos(readItem(StorageKey.userInfos));
  const fromInfo = info && text(info.employee_id);
  if (info && fromInfo) {
    return { employeeId: fromInfo, realName: text(info.real_name) ?? '', unionId: text(info.union_id), viewerId: fromInfo };
  }
  const fromAddress = text(new URLSearchParams(search).get('uuid'));
  if (fromAddress) {
    writeItem(StorageKey.uuids, fromAddress);
    return { employeeId: fromAddress, realName: '', unionId: null, viewerId: fromAddress };
  }
  let stored = text(readItem(StorageKey.uuids));
  if (!stored) {
    stored = makeId();
    writeItem(StorageKey.uuids, stored);
  }
  return { employeeId: stored, realName: '', unionId: null, viewerId: stored };
}

/** A random device id for a first-time visitor (sagas call it; reducers never do). */
export function newDeviceId(): string {
  const random = globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
  return `d-${random}`;
}

/** The page's query string now (sagas only). */
export function currentSearch(): string {
  return globalThis.location?.search ?? '';
}

/** The home list's uuid is the user's employee_id: remembered so pages opened from the list subscribe as the same person. */
export function rememberListUser(uuid: string): void {
  if (uuid.trim()) writeItem(StorageKey.uuids, uuid.trim());
}
