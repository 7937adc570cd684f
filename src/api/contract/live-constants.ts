/** Plain live constants, free of TypeBox so screens and sagas can import them (lives.ts re-exports). */

/** Live status (spec §4): 1 live, 2 upcoming, 3 ended. The server moves it. */
export const LiveStatus = { live: 1, upcoming: 2, ended: 3 } as const;
export type LiveStatus = (typeof LiveStatus)[keyof typeof LiveStatus];

/** Category of the home list (spec §9). */
export const HOME_CATEGORY_ID = 32;
