import { findRoute } from './match';
import { routes } from './table';

/*
 * Navigation guard (docs/rules/routes-and-screens.md#navigation-guard; the rule is documented in GUARD.md).
 *
 * A guarded route opened in a DESKTOP browser without `ispc=pcWork` in its query is redirected:
 *   - top window  → /iframe?url=<the full original address>; that screen frames the same address
 *                   with ispc=pcWork added, phone-width and centred (how advisers use PC work-chat);
 *   - in a frame  → the same path with ispc=pcWork added (replace), so the screen renders in place.
 * Phones and tablets are never redirected; unguarded and unknown paths are never redirected.
 * The marker check is exact (ispc=pcWork); an empty or other ispc value counts as absent.
 */

export const PC_WORK_PARAM = 'ispc';
export const PC_WORK_VALUE = 'pcWork';

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string };

export interface GuardInput {
  /** Router pathname (the app is served at the root base path). */
  pathname: string;
  /** Query string including its leading "?" (or ""). */
  search: string;
  hash?: string;
  userAgent: string;
  /** window.top === window.self */
  isTopWindow: boolean;
  /** window.location.origin; when given, the /iframe url is absolute ("the full original address"). */
  origin?: string;
  /** navigator.maxTouchPoints; iPadOS Safari reports a Mac user agent and is told apart by touch. */
  maxTouchPoints?: number;
}

const ALLOW: GuardDecision = { kind: 'allow' };

// Phone and tablet names; a user agent with none of them is a desktop browser
// (PC WeCom/WeChat included: they send a Windows or Mac user agent without "Mobile").
const HANDHELD_UA =
  /Android|iPhone|iPad|iPod|Mobile|Mobi\b|Windows Phone|IEMobile|HarmonyOS|OpenHarmony|Tablet|Kindle|Silk\/|PlayBook|BlackBerry|BB10|webOS|Opera Mini/i;

export function isDesktopUserAgent(userAgent: string, maxTouchPoints = 0): boolean {
  if (HANDHELD_UA.test(userAgent)) return false;
  // iPadOS 13+ asks for desktop sites with a Macintosh user agent; only touch gives it away.
  if (/Macintosh/i.test(userAgent) && maxTouchPoints > 1) return false;
  return true;
}

export function hasPcWorkMarker(search: string): boolean {
  return new URLSearchParams(search).getAll(PC_WORK_PARAM).includes(PC_WORK_VALUE);
}

/**
 * Sets ispc=pcWork, replacing any other ispc value. Edits the raw string instead of
 * re-serialising with URLSearchParams so other parameters keep their exact encoding
 * (signed share links must survive byte for byte).
 */
export function withPcWorkMarker(search: string): string {
  const kept = search
    .replace(/^\?/, '')
    .split('&')
    .filter((part) => part !== '' && part.split('=')[0] !== PC_WORK_PARAM);
  kept.push(`${PC_WORK_PARAM}=${PC_WORK_VALUE}`);
  return `?${kept.join('&')}`;
}

export function guardDecision(input: GuardInput): GuardDecision {
  const route = findRoute(input.pathname);
  if (!route?.guarded) return ALLOW;
  if (!isDesktopUserAgent(input.userAgent, input.maxTouchPoints)) return ALLOW;
  if (hasPcWorkMarker(input.search)) return ALLOW;
  const hash = input.hash ?? '';
  if (input.isTopWindow) {
    const original = `${input.origin ?? ''}${input.pathname}${input.search}${hash}`;
    return { kind: 'redirect', to: routes.iframe.getHref(undefined, { url: original }) };
  }
  return { kind: 'redirect', to: `${input.pathname}${withPcWorkMarker(input.search)}${hash}` };
}

/** window.top can throw in odd embedders; treat that as "framed", the safe branch (no nesting). */
export function isTopWindow(win: Window = window): boolean {
  try {
    return win.top === win.self;
  } catch {
    return false;
  }
}

/** The app wake-up parameter the guarded (share/detail) screens read; null when absent or blank. */
export function readDeeplinkParam(search: string): string | null {
  const value = new URLSearchParams(search).get('deeplink')?.trim();
  return value ? value : null;
}

export type FrameTarget =
  { ok: true; src: string } | { ok: false; reason: 'missing' | 'invalid' | 'cross-origin' | 'nested' };

/**
 * What the /iframe screen may frame: only an address on this origin (anything else would make
 * the app an open redirect and a clickjacking frame for other sites), never /iframe itself
 * (endless nesting), and always with the marker so the guard lets the framed page through.
 */
export function resolveFrameTarget(raw: string | null, origin: string): FrameTarget {
  if (!raw || !raw.trim()) return { ok: false, reason: 'missing' };
  let url: URL;
  try {
    url = new URL(raw.trim(), origin);
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== origin) {
    return { ok: false, reason: 'cross-origin' };
  }
  if (findRoute(url.pathname)?.name === 'iframe') return { ok: false, reason: 'nested' };
  url.search = withPcWorkMarker(url.search);
  return { ok: true, src: url.href };
}
