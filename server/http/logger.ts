import type { FastifyServerOptions } from 'fastify';

/**
 * The server's logger keeps no personal data or credentials, at any level and in production too:
 * fields named for them are censored by path (pino's redaction), and every message and error text,
 * and each request's address, goes through scrubText for what slips in as prose.
 */
const CENSOR = '[redacted]';

/** Field names whose values never reach the log (top level and one object down). */
const SECRET_FIELDS = [
  'phone',
  'mobile',
  'smsCode',
  'password',
  'token',
  'sid',
  'mgmtoken',
  'accountid',
  'idNumber',
  'idCard',
  'cardNo',
  'cardNumber',
  'bankCard',
];
export const REDACT_PATHS = [
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((f) => `*.${f}`),
  // `code` only at the top: one level down it is usually an error's code (FST_ERR_…), which is worth keeping.
  'code',
  'req.headers.authorization',
  'req.headers.token',
  'req.headers.accountid',
  'req.headers.mgmtoken',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
];

const SCRUBS: Array<[RegExp, string]> = [
  // Credentials in a query or form: ?token=…, &code=…, sid=….
  [/\b(token|sid|code|mgmtoken|accountid|password|phone|mobile|wxCode|fp_code|ticket)=[^&\s#"']+/gi, `$1=${CENSOR}`],
  [/\bBearer\s+[\w.~+/=-]+/gi, `Bearer ${CENSOR}`],
  // Region-prefixed phone keys as this server stores them (86-13800000000, mgm:852-91234567).
  [/(?<![\d-])\d{1,3}-\d{7,11}(?!\d)/g, '[phone]'],
  // Resident ID numbers (18 with a check character, old 15-digit ones), then bank cards (16-19 digits).
  [/(?<![\dA-Za-z])\d{17}[\dXx](?![\dA-Za-z])/g, '[id]'],
  [/(?<!\d)\d{16,19}(?!\d)/g, '[card]'],
  [/(?<!\d)\d{15}(?!\d)/g, '[id]'],
  [/(?<!\d)(?:\+?86[- ]?)?1[3-9]\d{9}(?!\d)/g, '[phone]'],
  // A code named as one: "code 123456", "验证码：123456".
  [/(code|验证码)(\W{0,3})\d{4,8}(?!\d)/gi, `$1$2${CENSOR}`],
  // Long opaque tokens (24+ url-safe characters with a digit and a letter): session tokens, sids, JWT parts.
  [/(?<![\w-])(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[\w-]{24,}(?![\w-])/g, CENSOR],
];

export function scrubText(text: string): string {
  let out = text;
  for (const [re, to] of SCRUBS) out = out.replace(re, to);
  return out;
}

interface RequestLike {
  method?: string;
  url?: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Logger options for Fastify: the level, the redaction paths, and scrubbed messages, errors and request lines. */
export function loggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: CENSOR },
    hooks: {
      logMethod(args, method) {
        method.apply(this, args.map((a) => (typeof a === 'string' ? scrubText(a) : a)) as Parameters<typeof method>);
      },
    },
    serializers: {
      req: (req: RequestLike) => ({
        method: req.method,
        url: scrubText(req.url ?? ''),
        host: req.hostname,
        remotePort: req.socket?.remotePort,
      }),
      err: (err: Error & { code?: unknown; statusCode?: unknown }) => ({
        type: err.name,
        message: scrubText(err.message ?? ''),
        stack: scrubText(err.stack ?? ''),
        ...(err.code !== undefined ? { code: err.code } : {}),
        ...(err.statusCode !== undefined ? { statusCode: err.statusCode } : {}),
      }),
    },
  };
}
