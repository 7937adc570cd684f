/** Plain live constants, free of TypeBox so screens and sagas can import them (lives.ts re-exports). */

/** Live status (docs/rules/states.md#live-status): 1 live, 2 upcoming, 3 ended. The server moves it. */
export const LiveStatus = { live: 1, upcoming: 2, ended: 3 } as const;
export type LiveStatus = (typeof LiveStatus)[keyof typeof LiveStatus];

/** Category of the home list (docs/rules/constants.md#lives-and-chat). */
export const HOME_CATEGORY_ID = 32;

/** Chat platform id sent with room previews (docs/rules/constants.md#lives-and-chat). */
export const CHAT_PLATFORM_ID = 106;

/** Leave-a-message length limits, in characters after trimming. */
export const LEAVE_MESSAGE_MIN = 2;
export const LEAVE_MESSAGE_MAX = 200;

/** Interact authentication kinds a live may require before its room opens. */
export const InteractAuthKind = { qualifiedInvestor: 'qualified_investor' } as const;
export type InteractAuthKind = (typeof InteractAuthKind)[keyof typeof InteractAuthKind];

/** Room heartbeat period: well inside the 60-second online window so one lost beat keeps the viewer counted. */
export const HEARTBEAT_INTERVAL_MS = 20_000;
