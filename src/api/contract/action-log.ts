import { type Static, Type } from '@sinclair/typebox';

import {
  ACTION_LOG_FORMAT,
  ACTION_LOG_ID_PATTERN,
  ACTION_LOG_VERSION,
  FAULT_RECORDED,
  LOG_CONTEXTS,
  REQUEST_RECORDED,
} from './action-log-constants';
import { Envelope } from './envelope';

/** Who recorded: the browser context class (not the raw user agent) and the from-app value. */
export const ActionLogContext = Type.Object({
  userAgentClass: Type.Union([
    Type.Literal('wecom'),
    Type.Literal('wechat'),
    Type.Literal('app'),
    Type.Literal('phone'),
    Type.Literal('desktop'),
    Type.Literal('node'),
  ]),
  fromApp: Type.Union([Type.String({ maxLength: 64 }), Type.Null()]),
});

/** One dispatched action, already redacted, with when and where it happened. */
export const ActionLogEntry = Type.Object({
  seq: Type.Integer({
    minimum: 0,
    description: 'Sequence number since the recording began; gaps mean evicted entries.',
  }),
  t: Type.Integer({ minimum: 0, description: 'Milliseconds since the Unix epoch at dispatch.' }),
  route: Type.String({ description: 'Path and query of the page at dispatch (deny-listed query values redacted).' }),
  action: Type.Object({ type: Type.String({ minLength: 1 }) }, { additionalProperties: true }),
});

/**
 * What a request or fault belongs to: the action whose saga was running it, when the saga monitor knew; else
 * (`after: true`) only the action dispatched last before it, which may have nothing to do with it.
 */
export const ActionLogTrigger = Type.Union([
  Type.Object({
    seq: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
      description: 'null when the action came before the recorder had loaded.',
    }),
    type: Type.String(),
    after: Type.Optional(
      Type.Literal(true, { description: 'No running saga was known: the action dispatched last before it.' }),
    ),
  }),
  Type.Null(),
]);

/**
 * A request the app made, recorded when it settled: no bodies, no headers, query values only of harmless paging
 * parameters. `outcome` is the HTTP layer's error kind ('ok' when the caller got its data).
 */
export const ActionLogRequest = Type.Object({
  service: Type.String(),
  method: Type.String(),
  path: Type.String({ description: 'Path with ids; query values kept only for an allow-list (page, size, type…).' }),
  status: Type.Union([Type.Integer(), Type.Null()], { description: 'HTTP status; null when no answer came.' }),
  durationMs: Type.Integer({ minimum: 0 }),
  outcome: Type.Union([
    Type.Literal('ok'),
    Type.Literal('business'),
    Type.Literal('http'),
    Type.Literal('network'),
    Type.Literal('timeout'),
    Type.Literal('session-invalid'),
    Type.Literal('malformed'),
    Type.Literal('cancelled'),
  ]),
  code: Type.Union([Type.Integer(), Type.Null()], { description: "The app's error code from the envelope." }),
  trigger: ActionLogTrigger,
});

/** A console error, uncaught exception, unhandled rejection or error report, with its stack. */
export const ActionLogFault = Type.Object({
  source: Type.Union([
    Type.Literal('console'),
    Type.Literal('uncaught'),
    Type.Literal('rejection'),
    Type.Literal('report'),
  ]),
  message: Type.String(),
  stack: Type.Union([Type.String(), Type.Null()]),
  /** The error service's event id, so the report and the log can be read together. */
  eventId: Type.Union([Type.String(), Type.Null()]),
  trigger: ActionLogTrigger,
});

/** The two kinds of entry that are not dispatched actions, as they appear in `entries[].action`. */
export const ActionLogRequestAction = Type.Object({ type: Type.Literal(REQUEST_RECORDED), payload: ActionLogRequest });
export const ActionLogFaultAction = Type.Object({ type: Type.Literal(FAULT_RECORDED), payload: ActionLogFault });

export const ActionLog = Type.Object(
  {
    format: Type.Literal(ACTION_LOG_FORMAT),
    version: Type.Literal(ACTION_LOG_VERSION),
    appVersion: Type.String(),
    environment: Type.String({ description: 'production, t1..t4 or local' }),
    context: ActionLogContext,
    recordedAt: Type.Integer({ minimum: 0, description: 'When the export was made (ms since epoch).' }),
    limits: Type.Object({ maxEntries: Type.Integer({ minimum: 1 }), maxBytes: Type.Integer({ minimum: 1 }) }),
    dropped: Type.Integer({ minimum: 0, description: 'Entries evicted by the ring buffer before startState.' }),
    startState: Type.Record(Type.String(), Type.Unknown(), {
      description: 'Root state before the first entry (redacted).',
    }),
    entries: Type.Array(ActionLogEntry),
    recordingId: Type.Optional(
      Type.String({ description: 'Random id of this recording; error reports carry it as action_log_recording.' }),
    ),
  },
  { $id: 'https://wealth-live.local/schemas/action-log.v1.json', title: 'wealth-live action log' },
);
export type ActionLog = Static<typeof ActionLog>;
export type ActionLogEntry = Static<typeof ActionLogEntry>;
export type ActionLogContext = Static<typeof ActionLogContext>;
export type ActionLogTrigger = Static<typeof ActionLogTrigger>;
export type ActionLogRequest = Static<typeof ActionLogRequest>;
export type ActionLogFault = Static<typeof ActionLogFault>;

/** POST …/api/debug/action-logs: a log, with an optional note ("what went wrong"). */
export const ActionLogUpload = Type.Object({
  note: Type.Optional(Type.String({ maxLength: 500 })),
  log: Type.Unknown(),
});
export type ActionLogUpload = Static<typeof ActionLogUpload>;

export const ActionLogId = Type.String({ pattern: ACTION_LOG_ID_PATTERN });
export const ActionLogStored = Type.Object({ id: ActionLogId, entries: Type.Integer(), bytes: Type.Integer() });
export type ActionLogStored = Static<typeof ActionLogStored>;
export const ActionLogUploadResponse = Envelope(ActionLogStored);
/** What the client needs of an upload's answer: derived from ActionLogStored, so the two cannot drift. */
export const ActionLogReceipt = Type.Pick(ActionLogStored, ['id']);
export type ActionLogReceipt = Static<typeof ActionLogReceipt>;

export const ActionLogSummary = Type.Object({
  id: ActionLogId,
  note: Type.Union([Type.String(), Type.Null()]),
  appVersion: Type.String(),
  environment: Type.String(),
  entries: Type.Integer(),
  bytes: Type.Integer(),
  receivedAt: Type.String(),
});
export type ActionLogSummary = Static<typeof ActionLogSummary>;

/** What the search knows of a log beside its summary (indexed columns, filled on upload). */
export const ActionLogFound = Type.Intersect([
  ActionLogSummary,
  Type.Object({
    /** `[user:…]` and `[phone:…]` labels of who sent it, keyed like the server's placeholders. */
    userKeys: Type.Array(Type.String()),
    context: Type.Union(LOG_CONTEXTS.map((c) => Type.Literal(c))),
    startedAt: Type.Union([Type.String(), Type.Null()]),
    endedAt: Type.Union([Type.String(), Type.Null()]),
    pages: Type.Array(Type.String()),
    hasError: Type.Boolean(),
    /** The viewer's `&step=` of the first failing entry. */
    firstErrorStep: Type.Union([Type.Integer(), Type.Null()]),
  }),
]);
export type ActionLogFound = Static<typeof ActionLogFound>;

/**
 * The developers' search (GET …/debug/action-logs?…): every filter optional, all of them must hold.
 * `user` is a phone (hashed here as the redactor hashes it), a user's uuid, or a `[user:…]`/`[phone:…]` label.
 */
export const ActionLogSearch = Type.Object({
  user: Type.Optional(Type.String({ maxLength: 64 })),
  context: Type.Optional(Type.Union(LOG_CONTEXTS.map((c) => Type.Literal(c)))),
  /** ISO times: logs whose recording overlaps [from, to]. */
  from: Type.Optional(Type.String({ maxLength: 40 })),
  to: Type.Optional(Type.String({ maxLength: 40 })),
  /** A page's path (`/liveDetail`), matched exactly. */
  page: Type.Optional(Type.String({ maxLength: 200 })),
  type: Type.Optional(Type.String({ maxLength: 200 })),
  hasError: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('0')])),
  /** Text in a payload or the note (case-insensitive). */
  q: Type.Optional(Type.String({ maxLength: 100 })),
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
});
export type ActionLogSearch = Static<typeof ActionLogSearch>;
export const ActionLogPage = Type.Object({
  items: Type.Array(ActionLogFound),
  /** Pass back as `cursor` for the next (older) page; null at the end. */
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type ActionLogPage = Static<typeof ActionLogPage>;
export const ActionLogListResponse = Envelope(ActionLogPage);
export const ActionLogGetResponse = Envelope(Type.Object({ summary: ActionLogSummary, log: ActionLog }));
