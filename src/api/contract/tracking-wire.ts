/**
 * Plain (TypeBox-free) constants and helpers of the tracking wire formats, so the client can
 * import them without pulling the schema library. Schemas are in tracking.ts.
 */

/** The crc the analytics SDK puts in `ext`: Java's String.hashCode of the base64 text. */
export function analyticsCrc(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = ((h << 5) - h + text.charCodeAt(i)) | 0;
  return h;
}

/**
 * Own tracking paths on the tracking client's base (the live service, docs/rules/services.md#own-tracking). The customer
 * variant sits at the base; the advisor variant under /advisor.
 */
export const OwnTrackingPath = {
  customer: { event: '/event.php', fast: '/fast.php' },
  advisor: { event: '/advisor/event.php', fast: '/advisor/fast.php' },
} as const;
export type OwnTrackingVariant = keyof typeof OwnTrackingPath;

/** The values own tracking sends per flow (docs/rules/roles.md#own-tracking-values, docs/rules/constants.md#own-tracking). */
export const OWN_TRACKING = {
  productSource: 1,
  /** project_source: platform 1 → 3, any other → 2. */
  projectSourceForPlatformOne: 3,
  projectSourceOther: 2,
  version: { app: '4.7.4', advisor: '1.0.0', customer: '1.0.0' },
  channelSource: { advisor: 43, customer: 46 },
  projectUtype: { advisor: 4, customer: 4, app: 1 },
} as const;

/** Analytics constants (docs/rules/constants.md#analytics). */
export const ANALYTICS = {
  cookieDays: 73_000,
  batchCap: 200,
  scrollSampleMs: 1000,
  linkClickFallbackMs: 1000,
  deeplinkWaitMs: 2500,
  /** Project for launches from the fund app (docs/rules/services.md#analytics). */
  fundAppProject: 'gongmu_prod',
  /** Project for the mini-program and share pages (value not in the spec: chosen here). */
  shareProject: 'live_share',
  defaultProject: 'default',
} as const;
