import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';

import type { TypeBoxProvider } from '../http/typebox';
import type { RecentTracking } from '../repositories/tracking';
import type { ServiceOptions } from './deps';

/** What one Sentry envelope says, for a person reading the list. */
export interface ErrorSummary {
  eventId: string | null;
  message: string;
  tags: Record<string, string>;
  environment: string | null;
}

/** Reads an envelope (header line, then item header / item lines) down to its error event. */
export function summarizeEnvelope(text: string): ErrorSummary {
  const lines = text.split('\n');
  const parse = (line: string | undefined): Record<string, unknown> | null => {
    try {
      const v: unknown = JSON.parse(line ?? '');
      return v && typeof v === 'object' ? (v as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  };
  const header = parse(lines[0]);
  for (let i = 1; i < lines.length - 1; i++) {
    const item = parse(lines[i]);
    if (item?.type !== 'event') continue;
    const event = parse(lines[i + 1]) ?? {};
    const exception = (event.exception as { values?: { type?: string; value?: string }[] } | undefined)?.values?.at(-1);
    const message = exception ? `${exception.type ?? 'Error'}: ${exception.value ?? ''}` : String(event.message ?? '');
    return {
      eventId: typeof event.event_id === 'string' ? event.event_id : null,
      message,
      tags: (event.tags as Record<string, string> | undefined) ?? {},
      environment: typeof event.environment === 'string' ? event.environment : null,
    };
  }
  return {
    eventId: typeof header?.event_id === 'string' ? header.event_id : null,
    message: '(no event item)',
    tags: {},
    environment: null,
  };
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const time = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 19);

function page(recent: RecentTracking): string {
  const table = (title: string, head: string[], rows: string[][]) =>
    `<h2>${esc(title)} (${rows.length})</h2><table><tr>${head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr>${
      rows.length === 0
        ? `<tr><td colspan="${head.length}">暂无记录</td></tr>`
        : rows.map((r) => `<tr>${r.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`).join('')
    }</table>`;
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta http-equiv="refresh" content="5">
<title>本地埋点与错误</title><style>body{font:13px system-ui;margin:12px}table{border-collapse:collapse;width:100%;margin-bottom:16px}
td,th{border:1px solid #ddd;padding:3px 6px;text-align:left;vertical-align:top}td:last-child{font-family:monospace;word-break:break-all}</style></head><body>
<h1>本地埋点与错误（最新在前，每 5 秒刷新）</h1>
${table(
  '行为分析事件',
  ['时间', 'project', 'event', 'distinct_id', 'payload'],
  recent.analytics.map((r) => [time(r.receivedAt), r.project, r.event, r.distinctId, JSON.stringify(r.payload)]),
)}
${table(
  '自有埋点',
  ['时间', '变体', '接口', '名称', 'userid', 'payload'],
  recent.own.map((r) => [time(r.receivedAt), r.variant, r.kind, r.name, r.userid, JSON.stringify(r.payload)]),
)}
${table(
  '错误上报',
  ['时间', 'project', 'message', 'tags'],
  recent.errors.map((r) => {
    const s = summarizeEnvelope(r.payload);
    return [time(r.receivedAt), r.projectId, s.message, JSON.stringify(s.tags)];
  }),
)}
</body></html>`;
}

/** GET /__local/events: a developer's window on what tracking sent (local backend only). */
export const localEventsPagePlugin: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const query = Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })) });
  app.get('/events', { schema: { querystring: query, response: { 200: Type.String() } } }, async (request, reply) => {
    const recent = await deps.repos.tracking.recent(request.query.limit ?? 100);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page(recent));
  });
  app.get('/events.json', { schema: { querystring: query, response: { 200: Type.Unknown() } } }, async (request) => {
    const recent = await deps.repos.tracking.recent(request.query.limit ?? 100);
    return { ...recent, errors: recent.errors.map((r) => ({ ...r, summary: summarizeEnvelope(r.payload) })) };
  });
};
