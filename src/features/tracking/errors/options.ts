/**
 * Error-reporting settings (docs/rules/errors.md#error-reporting, docs/rules/constants.md#error-reporting) as plain data and pure functions, so they are tested
 * without loading the SDK. Only type imports from @sentry: the SDK itself loads lazily.
 */
import type { ErrorEvent } from '@sentry/react';

export { TRACES_SAMPLE_RATE } from './sampling';

/** The noisy messages users know (docs/rules/errors.md#error-reporting): they say nothing about the product. */
export const IGNORE_ERRORS: (string | RegExp)[] = [
  /ResizeObserver loop/i,
  /AbortError/,
  /The (?:user|operation) (?:aborted|was aborted)/i,
  /request aborted/i,
  /canceled|cancelled/i,
  /Loading (?:CSS )?chunk [\w-]*about[\w-]* failed/i,
  /ChunkLoadError.*about/i,
  /The play\(\) request was interrupted/i,
  /NotAllowedError.*play/i,
  /play\(\) failed because the user didn't interact/i,
  /MEDIA_ERR|MediaError|The element has no supported sources/i,
  /Non-Error promise rejection captured/i,
  /WeixinJSBridge|wx\.config|invalid signature/i,
  /Script error\.?$/,
  /Network Error$/,
];

/** Environments with an address (production, T3, local); the local one resolves against the page. */
export function resolveDsn(dsn: string | null, location: { protocol: string; host: string }): string | null {
  if (!dsn) return null;
  return dsn.replace('{protocol}', location.protocol).replace('{host}', location.host);
}

const SCRUBBERS: [RegExp, string][] = [
  // Bearer tokens and token-like query or JSON values.
  [/Bearer\s+[\w.~+/=-]+/gi, 'Bearer [已隐藏]'],
  [
    /((?:token|user_token|wechat_token|mgmtoken|authorization|sid|code|fp_code|signature)["']?\s*[:=]\s*["']?)[^"'&\s,}]+/gi,
    '$1[已隐藏]',
  ],
  // Chinese resident ID numbers (15 or 18), before phones so digits inside them go whole.
  [/(?<!\d)(?:\d{17}[\dXx]|\d{15})(?!\d)/g, '[身份证号]'],
  // Mainland mobile numbers.
  [/(?<!\d)(?:\+?86[- ]?)?1[3-9]\d{9}(?!\d)/g, '[手机号]'],
];

export function scrubText(text: string): string {
  return SCRUBBERS.reduce((t, [re, to]) => t.replace(re, to), text);
}

function scrubDeep(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (depth > 8 || !value || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => scrubDeep(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = /token|password|authorization|cookie|secret/i.test(k) ? '[已隐藏]' : scrubDeep(v, depth + 1);
  }
  return out;
}

/** beforeSend: tokens, phone numbers and ID numbers never leave the phone. */
export function scrubEvent<E extends ErrorEvent>(event: E): E {
  return scrubDeep(event) as E;
}
