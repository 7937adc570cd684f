/**
 * The one storage module (docs/rules/data.md#local-storage-keys, exactly). Only sagas and the HTTP layer's
 * credential reader use it; screens never touch storage.
 */
export const StorageKey = {
  token: 'token',
  userToken: 'user_token',
  wechatToken: 'wechat_token',
  wechatIsBind: 'wechat_isBind',
  accountId: 'accountId',
  customerId: 'customer_id',
  accountTime: 'accountTime',
  latestWeworkCode: 'latest_wework_code',
  userInfos: 'userinfos',
  uuids: 'uuids',
  mgmToken: 'mgmtoken',
  /** Beyond docs/rules/data.md: the workbench's outbox of handling submits (survives a reload) and recent searches. */
  marketingClueQueue: 'marketing_clue_queue',
  marketingRecentSearch: 'marketing_recent_search',
  /** The invitation program's device id (self-referral and first-touch checks); not in the list (docs/rules/data.md). */
  mgmDevice: 'mgm_device',
  /** The requestId of a registration not yet answered: sent again with it, a lost answer is not a failure. */
  mgmPendingRegistration: 'mgm_pending_registration',
  /** A subscription a visitor asked for before signing in: completed when they come back signed in. */
  livePendingSubscribe: 'live_pending_subscribe',
  /** A question typed before the sign-in wall: sent when the asker comes back signed in. */
  storeQuestionDraft: 'store_question_draft',
  /** A guest's room message sent into the sign-in wall: sent when they come back to the room signed in. */
  liveLeaveDraft: 'live_leave_draft',
  /** When a session error last sent this device through WeChat's authorization (ms): a second one soon after goes to /login. */
  wechatAuthHopAt: 'wechat_auth_hop_at',
} as const;
export type StorageKey = (typeof StorageKey)[keyof typeof StorageKey];

/** Private mode and some web views throw on storage access: treat that as "nothing stored". */
function store(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readItem(key: StorageKey): string | null {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: StorageKey, value: string): void {
  try {
    store()?.setItem(key, value);
  } catch {
    // Quota or disabled storage: the session still works for this page load.
  }
}

export function removeItem(key: StorageKey): void {
  try {
    store()?.removeItem(key);
  } catch {
    // Nothing stored, nothing to remove.
  }
}

/** Every key with its value, for the diagnostics page (it masks them before showing). */
export function readAll(): Array<{ key: StorageKey; value: string | null }> {
  return Object.values(StorageKey).map((key) => ({ key, value: readItem(key) }));
}
