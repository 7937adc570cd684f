/**
 * What a log says about itself, for the developers' search: where it was recorded, when, which pages and
 * actions it holds, whether something went wrong and where. The server stores these as indexed columns
 * on upload; the viewer and the CLI read the same facts, so "has an error" means one thing everywhere.
 * TypeBox-free, so the client can import it.
 */
import type { ActionLog, ActionLogContext } from './action-log';
import { LOG_CONTEXTS } from './action-log-constants';
import { firstErrorStep } from './action-log-entries';

export { LOG_CONTEXTS };
export type LogContextKind = (typeof LOG_CONTEXTS)[number];
export const LOG_CONTEXT_LABELS: Record<LogContextKind, string> = {
  wecom: '企业微信',
  wechat: '微信',
  miniprogram: '小程序',
  app: 'App',
  browser: '浏览器',
};

/** A mini-program's web-view says so in the page's `from` value (the recorder keeps it as fromApp). */
const MINI_PROGRAM_FROM = new Set(['weapp', 'miniprogram', 'mini-program']);

export function logContextKind(context: ActionLogContext): LogContextKind {
  if (context.fromApp !== null && MINI_PROGRAM_FROM.has(context.fromApp.toLowerCase())) return 'miniprogram';
  const cls = context.userAgentClass;
  return cls === 'wecom' || cls === 'wechat' || cls === 'app' ? cls : 'browser';
}

/** The page of a route: its path, without query or hash (`/liveDetail?liveId=1` → `/liveDetail`). */
export function routePage(route: string): string {
  const end = route.search(/[?#]/);
  return (end < 0 ? route : route.slice(0, end)) || '/';
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** How much payload text a log contributes to its search column (a long log's text is mostly repeats). */
export const SEARCH_TEXT_MAX = 64 * 1024;

/** The strings in the actions' payloads and the note, lower-cased and each once: what "payload text" searches. */
export function searchTextOf(log: Pick<ActionLog, 'entries'>, note: string | null): string {
  const seen = new Set<string>();
  let size = 0;
  const add = (s: string) => {
    const v = s.trim().toLowerCase();
    if (v === '' || seen.has(v) || size + v.length > SEARCH_TEXT_MAX) return;
    seen.add(v);
    size += v.length + 1;
  };
  const walk = (v: unknown, depth: number) => {
    if (typeof v === 'string') add(v);
    else if (typeof v === 'number') add(String(v));
    else if (depth < 8 && Array.isArray(v)) v.forEach((item) => walk(item, depth + 1));
    else if (depth < 8 && isRecord(v)) for (const key of Object.keys(v)) walk(v[key], depth + 1);
  };
  if (note) add(note);
  for (const entry of log.entries) {
    add(entry.action.type);
    walk((entry.action as { payload?: unknown }).payload, 0);
  }
  return [...seen].join('\n');
}

export interface LogFacts {
  context: LogContextKind;
  startedAt: number | null;
  endedAt: number | null;
  pages: string[];
  actionTypes: string[];
  hasError: boolean;
  firstErrorStep: number | null;
}

export function logFacts(log: Pick<ActionLog, 'entries' | 'context'>): LogFacts {
  const pages = new Set<string>();
  const types = new Set<string>();
  for (const entry of log.entries) {
    pages.add(routePage(entry.route));
    types.add(entry.action.type);
  }
  const first = firstErrorStep(log);
  return {
    context: logContextKind(log.context),
    startedAt: log.entries[0]?.t ?? null,
    endedAt: log.entries.at(-1)?.t ?? null,
    pages: [...pages].sort(),
    actionTypes: [...types].sort(),
    hasError: first !== null,
    firstErrorStep: first,
  };
}
