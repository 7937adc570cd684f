/**
 * Redaction applied before anything is stored: deny-listed keys (whatever slice they are in)
 * and value patterns (phone, ID numbers, JWTs, hex signatures) become stable placeholders,
 * `[kind:hash]`. The hash is salted per browser session and the salt never leaves the device,
 * so the same value reads the same within a log but cannot be guessed back from it.
 */

/** Key names (lower-cased, without `_`/`-`) whose values are always replaced. */
const DENY_KEYS: Record<string, string> = {};
const deny = (kind: string, keys: string[]) => keys.forEach((k) => (DENY_KEYS[k] = kind));
deny('token', ['token', 'accesstoken', 'usertoken', 'wechattoken', 'mgmtoken', 'refreshtoken', 'authorization', 'cookie', 'sid', 'accountid', 'fpcode', 'ticket', 'jsapiticket']);
deny('signature', ['signature', 'sign', 'xsignature', 'password', 'pwd', 'secret', 'aeskey', 'privatekey']);
deny('phone', ['phone', 'mobile', 'tel', 'telephone', 'phonenumber', 'mobilephone', 'phoneno', 'mobileno']);
deny('id', ['idcard', 'idnumber', 'idno', 'certno', 'certnumber', 'identitycard', 'unionid', 'openid']);
deny('code', ['smscode', 'verifycode', 'phonecode', 'authcode', 'wxcode', 'captcha', 'otp']);
deny('name', ['name', 'realname', 'username', 'nickname', 'truename', 'fullname', 'customername', 'contactname', 'employeename', 'nick']);

/** Key names redacted only when they hold a string: numeric `code` is an error code, a string one an SMS or OAuth code. */
const DENY_STRING_KEYS: Record<string, string> = { code: 'code' };
/** A dialling code ('86', '852') is not a secret and the login reducer matches on it; SMS codes have 4+ characters. */
const stringKind = (norm: string, s: string): string | undefined => (s.length >= 4 ? DENY_STRING_KEYS[norm] : undefined);

const PATTERNS: Array<[string, RegExp]> = [
  ['token', /\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g],
  ['token', /\bBearer\s+[\w.~+/=-]{8,}/gi],
  ['id', /(?<![\dA-Za-z])\d{17}[\dXx](?![\dA-Za-z])/g],
  ['id', /(?<!\d)\d{15}(?!\d)/g],
  ['phone', /(?<!\d)(?:\+?86[- ]?)?1[3-9]\d{9}(?!\d)/g],
  ['signature', /(?<![0-9a-fA-F])[0-9a-fA-F]{32,}(?![0-9a-fA-F])/g],
];
const QUICK_CHECK = /\d{11}|eyJ|Bearer|[0-9a-fA-F]{32}/i;

const normaliseKey = (key: string) => key.toLowerCase().replace(/[_-]/g, '');

/** FNV-1a over salt+value: fast and stable; only a label, not a secret. */
function hash(salt: string, value: string): string {
  let h = 0x811c9dc5;
  const text = salt + value;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36).padStart(7, '0');
}

export const PLACEHOLDER = /^\[(token|signature|phone|id|code|name|value):[0-9a-z]{7}\]$/;
/** True for a value that redaction produced; the determinism test ignores these. */
export const isPlaceholder = (v: unknown): boolean => typeof v === 'string' && PLACEHOLDER.test(v);

export interface Redactor {
  /** A redacted deep copy: plain data only (functions dropped, errors as name + message). */
  value(v: unknown): unknown;
  /** A route with deny-listed query values and patterns replaced. */
  route(route: string): string;
  placeholder(kind: string, value: unknown): string;
  /** JSON of a redacted value, in one pass (same result as JSON.stringify(value(v))). */
  stringify(v: unknown): string;
}

export function createRedactor(salt: string): Redactor {
  const placeholder = (kind: string, value: unknown) => `[${kind}:${hash(salt, String(value))}]`;

  function text(s: string): string {
    if (!QUICK_CHECK.test(s)) return s;
    let out = s;
    for (const [kind, re] of PATTERNS) out = out.replace(re, (m) => placeholder(kind, m));
    return out;
  }

  function walk(v: unknown, depth: number): unknown {
    if (typeof v === 'string') return text(v);
    // An 11-digit integer starting 13-19 is a mobile number stored as a number.
    if (typeof v === 'number') return v > 13e9 && v < 2e10 && /^1[3-9]\d{9}$/.test(String(v)) ? placeholder('phone', v) : v;
    if (v === null || typeof v !== 'object') return typeof v === 'function' || typeof v === 'symbol' ? undefined : v;
    if (depth > 40) return '[depth]';
    if (Array.isArray(v)) return v.map((item) => walk(item, depth + 1) ?? null);
    if (v instanceof Error) return { name: v.name, message: text(v.message) };
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(v)) {
      const item = (v as Record<string, unknown>)[key];
      const norm = normaliseKey(key);
      const kind = DENY_KEYS[norm] ?? (typeof item === 'string' ? stringKind(norm, item) : undefined);
      // Already a placeholder (a start state advanced past evicted entries): keep its label.
      if (kind && item !== null && item !== undefined && item !== '' && !isPlaceholder(item)) {
        out[key] = typeof item === 'object' ? placeholder(kind, JSON.stringify(item)) : placeholder(kind, item);
      } else {
        const copy = walk(item, depth + 1);
        if (copy !== undefined) out[key] = copy;
      }
    }
    return out;
  }

  function route(r: string): string {
    const q = r.indexOf('?');
    if (q < 0) return text(r);
    const hashAt = r.indexOf('#', q);
    const query = r.slice(q + 1, hashAt < 0 ? undefined : hashAt);
    const pairs = query.split('&').map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const key = decodeURIComponentSafe(pair.slice(0, eq));
      const norm = normaliseKey(key);
      const value = decodeURIComponentSafe(pair.slice(eq + 1));
      const kind = DENY_KEYS[norm] ?? stringKind(norm, value);
      return kind ? `${pair.slice(0, eq)}=${encodeURIComponent(placeholder(kind, value))}` : pair;
    });
    return text(r.slice(0, q + 1) + pairs.join('&') + (hashAt < 0 ? '' : r.slice(hashAt)));
  }

  // One pass for entries: redaction inside JSON.stringify, without building a copy first.
  function replacer(this: unknown, key: string, v: unknown): unknown {
    if (typeof v === 'string') {
      const norm = normaliseKey(key);
      const kind = DENY_KEYS[norm] ?? stringKind(norm, v);
      return kind && v !== '' && !isPlaceholder(v) ? placeholder(kind, v) : text(v);
    }
    if (typeof v === 'number') {
      const kind = DENY_KEYS[normaliseKey(key)];
      if (kind) return placeholder(kind, v);
      return v > 13e9 && v < 2e10 && /^1[3-9]\d{9}$/.test(String(v)) ? placeholder('phone', v) : v;
    }
    if (v !== null && typeof v === 'object' && key !== '') {
      const kind = DENY_KEYS[normaliseKey(key)];
      if (kind) return placeholder(kind, JSON.stringify(v));
      if (v instanceof Error) return { name: v.name, message: text(v.message) };
    }
    return v;
  }

  return { value: (v) => walk(v, 0), route, placeholder, stringify: (v) => JSON.stringify(v, replacer) };
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}
