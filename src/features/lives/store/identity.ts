import { currentContext } from '../../../platform/context';
import { readItem, StorageKey, writeItem } from '../../../platform/storage';

/** Who is watching or subscribing: the subscribe payload's fields (docs/rules/data.md#subscribe-payload) plus a presence id. */
export interface ViewerIdentity {
  employeeId: string;
  realName: string;
  /** Sent only when not null (docs/rules/validation.md#subscribe-payload). */
  unionId: string | null;
  /** Counted once per room by heartbeats: a signed-in person or one device, never a link. */
  viewerId: string;
  /** Where the identity came from (tests and diagnostics). */
  source: 'session' | 'miniProgram' | 'device';
}

/** What the viewer is decided from: storage, the address and the runtime (pure inputs). */
export interface IdentitySources {
  userInfos: string | null;
  token: string | null;
  /** Storage `uuids` (docs/rules/data.md#local-storage-keys): this device's id. */
  storedUuid: string | null;
  /** The address's `uuid` (docs/rules/routes-and-screens.md#home). */
  addressUuid: string | null;
  miniProgram: boolean;
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
 * The rule, pure: a signed-in identity always wins over the address; the
 * address's uuid names the viewer only inside the mini-program (whose web view passes its own
 * user) when nobody is signed in; anyone else is this device. A link is shared, so its uuid
 * names the sharer, not the person holding the phone. `remember` is what to store as the
 * device id: only ever written when nothing is stored, so a link never overwrites an identity.
 */
export function resolveViewer(
  src: IdentitySources,
  makeId: () => string,
): { who: ViewerIdentity; remember: string | null } {
  const info = parseUserInfos(src.userInfos);
  const stored = text(src.storedUuid);
  const fromInfo = info && text(info.employee_id);
  if (info && fromInfo) {
    return {
      who: {
        employeeId: fromInfo,
        realName: text(info.real_name) ?? '',
        unionId: text(info.union_id),
        viewerId: fromInfo,
        source: 'session',
      },
      remember: null,
    };
  }
  const fromAddress = text(src.addressUuid);
  if (fromAddress && src.miniProgram && !text(src.token)) {
    // The mini-program's user is this device's person: remembered only when no id is stored yet.
    const device = stored ?? fromAddress;
    return {
      who: { employeeId: fromAddress, realName: '', unionId: null, viewerId: device, source: 'miniProgram' },
      remember: stored ? null : device,
    };
  }
  const device = stored ?? makeId();
  return {
    who: { employeeId: device, realName: '', unionId: null, viewerId: device, source: 'device' },
    remember: stored ? null : device,
  };
}

/** Whether resolveViewer would have to make a local id: nobody signed in, nothing stored, no mini-program user. */
export function needsVisitorId(src: IdentitySources): boolean {
  let made = false;
  resolveViewer(src, () => {
    made = true;
    return '';
  });
  return made;
}

/** What the viewer is decided from, read now (storage and runtime) for the given address uuid. */
export function identitySourcesNow(addressUuid: string | null, miniProgram = currentContext().miniProgram) {
  return {
    userInfos: readItem(StorageKey.userInfos),
    token: readItem(StorageKey.token),
    storedUuid: readItem(StorageKey.uuids),
    addressUuid,
    miniProgram,
  };
}

/** The viewer now, from storage, the given address uuid and the runtime; stores a new device id. */
export function readViewer(
  addressUuid: string | null,
  makeId: () => string,
  miniProgram = currentContext().miniProgram,
): ViewerIdentity {
  const { who, remember } = resolveViewer(identitySourcesNow(addressUuid, miniProgram), makeId);
  if (remember) writeItem(StorageKey.uuids, remember);
  return who;
}

/** A random device id for a first-time visitor (sagas call it; reducers never do). */
export function newDeviceId(): string {
  const random =
    globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
  return `d-${random}`;
}

/** The page's query string now (sagas only). */
export function currentSearch(): string {
  return globalThis.location?.search ?? '';
}

/**
 * An adviser: inside WeCom, or signed in with an employee record. Advisers
 * are never shown the customers' qualified-investor gate.
 */
export function isAdviser(workChat: boolean, userInfos: string | null): boolean {
  if (workChat) return true;
  const info = parseUserInfos(userInfos);
  const employee = info?.employee;
  return typeof employee === 'object' && employee !== null;
}

/** The same for this page (sagas only). */
export function viewerIsAdviser(): boolean {
  return isAdviser(currentContext().workChat, readItem(StorageKey.userInfos));
}
