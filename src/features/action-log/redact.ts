/**
 * Redaction applied before anything is stored: deny-listed keys (whatever slice they are in)
 * and value patterns (phone, ID numbers, JWTs, hex signatures) become stable placeholders,
 * `[kind:hash]`. In the browser the hash is salted per session and the salt never leaves the device,
 * so the same value reads the same within a log but cannot be guessed back from it. The server runs this
 * same redactor again on what arrives, with a keyed hash of its own (server/security/redaction-key.ts):
 * never a constant salt, which would let anyone map a placeholder back by trying every phone number.
 * Free text and amounts are masked by mask-text.ts: people hidden, clues (magnitudes, short ids, public names) kept.
 */
import { magnitude, maskAmounts, maskFreeText, MAY_HOLD_AMOUNT } from './mask-text';

/** Key names (lower-cased, without `_`/`-`) whose values are always replaced. */
const DENY_KEYS: Record<string, string> = {};
const deny = (kind: string, keys: string[]) => keys.forEach((k) => (DENY_KEYS[k] = kind));
deny('token', [
  'token',
  'accesstoken',
  'usertoken',
  'wechattoken',
  'mgmtoken',
  'refreshtoken',
  'authorization',
  'cookie',
  'sid',
  'accountid',
  'fpcode',
  'ticket',
  'jsapiticket',
]);
deny('signature', ['signature', 'sign', 'xsignature', 'password', 'pwd', 'secret', 'aeskey', 'privatekey']);
deny('phone', ['phone', 'mobile', 'tel', 'telephone', 'phonenumber', 'mobilephone', 'phoneno', 'mobileno']);
deny('id', ['idcard', 'idnumber', 'idno', 'certno', 'certnumber', 'identitycard', 'unionid', 'openid']);
deny('code', ['smscode', 'verifycode', 'phonecode', 'authcode', 'wxcode', 'captcha', 'otp']);
deny('name', [
  'name',
  'realname',
  'username',
  'nickname',
  'truename',
  'fullname',
  'customername',
  'contactname',
  'employeename',
  'nick',
  'displayname',
  'advisername',
]);
// The workbench's personal fields: masked phones, handling notes, ignore texts and what an adviser searched for.
deny('phone', ['phonemasked']);
deny('value', ['note', 'ignoretext', 'keyword', 'recent', 'matchedtext']);

/** Keys whose strings are typed by a person: scanned for names too (every string is scanned for amounts). */
const FREE_TEXT_KEYS = new Set([
  'content',
  'text',
  'message',
  'msg',
  'question',
  'answer',
  'comment',
  'remark',
  'reply',
  'feedback',
  'leavemessage',
]);
/** Money of a person (assets, holdings, trades): kept as an order of magnitude, never the figure. */
const AMOUNT_KEYS = new Set([
  'amount',
  'aum',
  'customeraum',
  'assets',
  'asset',
  'totalassets',
  'holdingsvalue',
  'holdingvalue',
  'holdingamount',
  'marketvalue',
  'balance',
  'declaredamount',
  'tradeamount',
  'purchaseamount',
  'redeemamount',
  'totalamount',
  'principal',
]);
/**
 * A `name` beside one of these keys names a public thing, not a person: a product (its code, risk level,
 * NAV, kind) or a presenter of the public catalogue (their bio).
 */
const PUBLIC_THING_KEYS = [
  'bio',
  'fund_code',
  'fundCode',
  'product_code',
  'productCode',
  'risk_level',
  'riskLevel',
  'nav',
  'yield_7d',
];
const PRODUCT_KINDS = new Set(['public', 'private', 'insurance', 'activity']);
function isPublicThing(parent: unknown): boolean {
  if (parent === null || typeof parent !== 'object' || Array.isArray(parent)) return false;
  const o = parent as Record<string, unknown>;
  return (
    PUBLIC_THING_KEYS.some((k) => Object.hasOwn(o, k)) || (typeof o.kind === 'string' && PRODUCT_KINDS.has(o.kind))
  );
}

/**
 * Ids the log keeps to be found by: the error service's event id of a fault (32 hex digits, which the signature
 * pattern would otherwise take) and the tab's recording id. Only a plain id shape under these keys is kept, so
 * free text or a token put under them is still scanned.
 */
const KEPT_ID_KEYS = new Set(['eventid', 'recordingid']);
const ID_SHAPE = /^[0-9A-Za-z-]{1,64}$/;

/** Key names redacted only when they hold a string: numeric `code` is an error code, a string one an SMS or OAuth code. */
const DENY_STRING_KEYS: Record<string, string> = { code: 'code' };

const normaliseKey = (key: string) => key.toLowerCase().replace(/[_-]/g, '');

/**
 * What a key's values become, worked out once per distinct key: actions reuse a small set of
 * field names, and normalising the key for every value was most of the recorder's garbage.
 */
interface KeyRule {
  kind: string | null;
  /** For string values only; a dialling code ('86', '852') is not a secret and the login reducer matches on it, SMS codes have 4+ characters. */
  stringKind: string | null;
  freeText: boolean;
  amount: boolean;
  keptId: boolean;
}
const keyRules = new Map<string, KeyRule>();
function keyRule(key: string): KeyRule {
  let rule = keyRules.get(key);
  if (!rule) {
    const norm = normaliseKey(key);
    rule = {
      kind: DENY_KEYS[norm] ?? null,
      stringKind: DENY_STRING_KEYS[norm] ?? null,
      freeText: FREE_TEXT_KEYS.has(norm),
      amount: AMOUNT_KEYS.has(norm),
      keptId: KEPT_ID_KEYS.has(norm),
    };
    // Bounded: keys come from the app's own actions, but a payload could carry arbitrary ones.
    if (keyRules.size < 10_000) keyRules.set(key, rule);
  }
  return rule;
}
/** The placeholder kind for this key and value, or null to keep the value. */
const isKeptId = (key: string, value: unknown): boolean =>
  typeof value === 'string' && keyRule(key).keptId && ID_SHAPE.test(value);

function kindFor(key: string, value: unknown, parent?: unknown): string | null {
  const rule = keyRule(key);
  if (rule.kind === 'name' && key === 'name' && isPublicThing(parent)) return null;
  return rule.kind ?? (typeof value === 'string' && value.length >= 4 ? rule.stringKind : null);
}

const PATTERNS: Array<[string, RegExp]> = [
  ['token', /\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g],
  ['token', /\bBearer\s+[\w.~+/=-]{8,}/gi],
  ['id', /(?<![\dA-Za-z])\d{17}[\dXx](?![\dA-Za-z])/g],
  ['id', /(?<!\d)\d{15}(?!\d)/g],
  ['phone', /(?<!\d)(?:\+?86[- ]?)?1[3-9]\d{9}(?!\d)/g],
  ['signature', /(?<![0-9a-fA-F])[0-9a-fA-F]{32,}(?![0-9a-fA-F])/g],
];
const QUICK_CHECK = /\d{11}|eyJ|Bearer|[0-9a-fA-F]{32}/i;
const HAS_HAN = /\p{Script=Han}/u;

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

export const PLACEHOLDER =
  /^(?:\[(token|signature|phone|id|code|name|value|number|user):[0-9a-z]{7}\]|\[-?¥[^\]\s]{1,16}\])$/;
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
  /** A note typed about a problem: patterns, names and amounts. */
  note(text: string): string;
}

export interface RedactorOptions {
  /**
   * The public catalogue (product, presenter and expert names, fund codes): kept in free text. Read at each use, so a
   * set the caller refreshes keeps the redactor current.
   */
  publicTerms?: ReadonlySet<string>;
  /**
   * Also keep, from then on, each name the data itself shows to be public (a `name` beside a fund code, a risk level
   * or a bio): the browser has no catalogue, but records the lists and rooms that name the products. Off on the
   * server, where any client's upload could otherwise make a person's name "public" for the next one.
   */
  learnPublicTerms?: boolean;
}

/** A value's 7-character label ([0-9a-z]{7}); the server's is keyed with a deployment secret. */
export type PlaceholderHash = (value: string) => string;

/** A person's money under an amount key: its order of magnitude. */
function amountValue(v: unknown): unknown {
  if (typeof v === 'number') return `[${magnitude(v)}]`;
  if (typeof v === 'string' && !isPlaceholder(v) && /^-?[\d,，]+(?:\.\d+)?$/.test(v.trim()))
    return `[${magnitude(Number(v.replace(/[,，\s]/g, '')))}]`;
  return undefined;
}

/**
 * Whether `replacer` would change anything in `v`. Most actions (clock ticks, online counts)
 * hold nothing to redact; for them JSON.stringify runs without a replacer, on V8's fast path
 * (a replacer function makes it ~4× slower), and the check itself allocates nothing.
 */
function needsRedaction(v: unknown, key: string, depth: number): boolean {
  if (typeof v === 'string') {
    const rule = keyRule(key);
    if (isKeptId(key, v)) return false;
    return (
      rule.kind !== null ||
      kindFor(key, v) !== null ||
      rule.amount ||
      QUICK_CHECK.test(v) ||
      MAY_HOLD_AMOUNT.test(v) ||
      (rule.freeText && HAS_HAN.test(v))
    );
  }
  if (typeof v === 'number') return keyRule(key).kind !== null || keyRule(key).amount || (v > 13e9 && v < 2e10);
  if (v === null || typeof v !== 'object') return false;
  if (
    depth > 40 ||
    (key !== '' && keyRule(key).kind !== null) ||
    v instanceof Error ||
    typeof (v as { toJSON?: unknown }).toJSON === 'function'
  )
    return true;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i += 1) if (needsRedaction(v[i], key, depth + 1)) return true;
    return false;
  }
  for (const k in v) {
    if (Object.hasOwn(v, k) && needsRedaction((v as Record<string, unknown>)[k], k, depth + 1)) return true;
  }
  return false;
}

/** `salt`: the browser session's salt (FNV-1a over salt + value), or the hash to use instead. */
export function createRedactor(salt: string | PlaceholderHash, options: RedactorOptions = {}): Redactor {
  const digest: PlaceholderHash = typeof salt === 'function' ? salt : (value) => hash(salt, value);
  const placeholder = (kind: string, value: unknown) => `[${kind}:${digest(String(value))}]`;
  const learned = new Set<string>();
  const maskOptions = { placeholder, publicTerms: [options.publicTerms ?? new Set<string>(), learned] };
  /** A kept public name (kindFor answered null for a `name`) joins the learned terms. */
  const learn = (key: string, value: unknown, parent: unknown) => {
    if (
      options.learnPublicTerms &&
      key === 'name' &&
      typeof value === 'string' &&
      value.length >= 2 &&
      isPublicThing(parent)
    )
      learned.add(value);
  };

  function patterns(s: string): string {
    if (!QUICK_CHECK.test(s)) return s;
    let out = s;
    for (const [kind, re] of PATTERNS) out = out.replace(re, (m) => placeholder(kind, m));
    return out;
  }
  /** A string under `key`: patterns first (a phone is a phone, not a long number), then amounts, then names. */
  function text(s: string, key = ''): string {
    const out = patterns(s);
    return keyRule(key).freeText ? maskFreeText(out, maskOptions) : maskAmounts(out, maskOptions);
  }
  function walk(v: unknown, depth: number, key = ''): unknown {
    if (typeof v === 'string') return isKeptId(key, v) ? v : text(v, key);
    // An 11-digit integer starting 13-19 is a mobile number stored as a number.
    if (typeof v === 'number')
      return v > 13e9 && v < 2e10 && /^1[3-9]\d{9}$/.test(String(v)) ? placeholder('phone', v) : v;
    if (v === null || typeof v !== 'object') return typeof v === 'function' || typeof v === 'symbol' ? undefined : v;
    if (depth > 40) return '[depth]';
    if (Array.isArray(v)) return v.map((item) => walk(item, depth + 1, key) ?? null);
    if (v instanceof Error) return { name: v.name, message: patterns(v.message) };
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(v)) {
      const item = (v as Record<string, unknown>)[key];
      const kind = kindFor(key, item, v);
      if (!kind) learn(key, item, v);
      const amount = keyRule(key).amount ? amountValue(item) : undefined;
      if (amount !== undefined) {
        out[key] = amount;
        continue;
      }
      // Already a placeholder (a start state advanced past evicted entries): keep its label.
      // A flag under a listed key (`token: false`) tells nothing: kept, as stringify keeps it.
      if (
        kind &&
        item !== null &&
        item !== undefined &&
        item !== '' &&
        typeof item !== 'boolean' &&
        !isEmptyContainer(item) &&
        !isPlaceholder(item)
      ) {
        out[key] = typeof item === 'object' ? placeholder(kind, JSON.stringify(item)) : placeholder(kind, item);
      } else {
        const copy = walk(item, depth + 1, key);
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
      const value = decodeURIComponentSafe(pair.slice(eq + 1));
      const kind = kindFor(decodeURIComponentSafe(pair.slice(0, eq)), value);
      return kind ? `${pair.slice(0, eq)}=${encodeURIComponent(placeholder(kind, value))}` : pair;
    });
    return text(r.slice(0, q + 1) + pairs.join('&') + (hashAt < 0 ? '' : r.slice(hashAt)));
  }

  // An error's copy made by the replacer: JSON.stringify walks into it next, and its `name` is the error's
  // class, not a person's name, so its two fields are taken as they are (as value() does).
  const errorCopies = new WeakSet<object>();
  const arrayKeys = new WeakMap<object, string>();

  // One pass for entries: redaction inside JSON.stringify, without building a copy first.
  function replacer(this: unknown, key: string, v: unknown): unknown {
    if (errorCopies.has(this as object)) return v;
    if (keyRule(key).amount) {
      const amount = amountValue(v);
      if (amount !== undefined) return amount;
    }
    if (typeof v === 'string') {
      if (isKeptId(key, v)) return v;
      const kind = kindFor(key, v, this);
      if (!kind) learn(key, v, this);
      // Array items are scanned as their array's key (a list of messages is free text too).
      const textKey = Array.isArray(this) ? (arrayKeys.get(this) ?? key) : key;
      return kind && v !== '' && !isPlaceholder(v) ? placeholder(kind, v) : text(v, textKey);
    }
    if (typeof v === 'number') {
      const kind = kindFor(key, v, this);
      if (kind) return placeholder(kind, v);
      return v > 13e9 && v < 2e10 && /^1[3-9]\d{9}$/.test(String(v)) ? placeholder('phone', v) : v;
    }
    if (v !== null && typeof v === 'object' && key !== '') {
      const kind = kindFor(key, v, this);
      if (kind && !isEmptyContainer(v)) return placeholder(kind, JSON.stringify(v));
      if (Array.isArray(v)) arrayKeys.set(v, Array.isArray(this) ? (arrayKeys.get(this) ?? key) : key);
      if (v instanceof Error) {
        const copy = { name: v.name, message: patterns(v.message) };
        errorCopies.add(copy);
        return copy;
      }
    }
    return v;
  }

  return {
    value: (v) => walk(v, 0),
    route,
    placeholder,
    stringify: (v) => (needsRedaction(v, '', 0) ? JSON.stringify(v, replacer) : JSON.stringify(v)),
    note: (s) => maskFreeText(patterns(s), maskOptions),
  };
}

/**
 * An empty list or object under a listed key holds nothing to hide, and kept as it is it reads the same whether a
 * reducer's initial state or a restoring action put it there: a placeholder would tell those two apart in a replay.
 */
function isEmptyContainer(v: unknown): boolean {
  return v !== null && typeof v === 'object' && (Array.isArray(v) ? v.length === 0 : Object.keys(v).length === 0);
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}
