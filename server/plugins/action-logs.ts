import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { FastifyPluginAsync } from 'fastify';

import {
  ActionLog,
  ActionLogGetResponse,
  ActionLogId,
  ActionLogListResponse,
  type ActionLogSummary,
  ActionLogUpload,
  ActionLogUploadResponse,
} from '../../src/api/contract/action-log';
import { ACTION_LOG_MAX_UPLOAD_BYTES } from '../../src/api/contract/action-log-constants';
import { ErrorCode } from '../../src/api/contract/codes';
import { ErrorResponse } from '../../src/api/contract/common';
import { ActionLogFormatError, createRedactor, parseActionLog } from '../../src/features/action-log';
import { ApiError, badRequest, notFound, ok, responses } from '../http/errors';
import { callerKey } from '../http/rate-limits';
import type { TypeBoxProvider } from '../http/typebox';
import { redactNote } from '../security/note-redaction';
import { keyedPlaceholder } from '../security/redaction-key';
import { roleGuards } from '../security/roles';
import type { ServiceDeps, ServiceOptions } from './deps';

const IdParams = Type.Object({ id: ActionLogId });
const DAY_MS = 24 * 60 * 60 * 1000;

/** Refuses other versions with the client's own sentence, then checks the whole shape. */
function checkLog(raw: unknown): ActionLog {
  try {
    parseActionLog(raw);
  } catch (error) {
    if (error instanceof ActionLogFormatError) throw badRequest(error.message);
    throw error;
  }
  const first = Value.Errors(ActionLog, raw).First();
  if (first) throw badRequest(`操作日志格式不对：${first.path || '/'} ${first.message}`);
  return raw as ActionLog;
}

export interface ActionLogsApiOptions extends ServiceOptions {
  /** Whether the list and read routes exist: off in production unless ACTION_LOGS=on (upload is always open). */
  readable: boolean;
  /** The deployment's key for placeholders (ACTION_LOG_SECRET, or the data folder's; redaction-key.ts). */
  redactionSecret: string;
}

/**
 * "Report a problem": the debug panel posts a log here (on the own backend's base) and reads out the id.
 * Anyone may upload (redacted again here); only a developer may list or read, each time on the record.
 */
export const actionLogsApiPlugin: FastifyPluginAsync<ActionLogsApiOptions> = async (
  fastify,
  { deps, readable, redactionSecret },
) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  // The client redacts before upload with a salt it keeps; the server does it again (a client can be anything),
  // keyed with the deployment's secret so no placeholder can be mapped back by trying every number.
  const serverRedactor = createRedactor(keyedPlaceholder(redactionSecret));
  app.post(
    '/api/debug/action-logs',
    {
      bodyLimit: ACTION_LOG_MAX_UPLOAD_BYTES,
      schema: { body: ActionLogUpload, response: responses(ActionLogUploadResponse) },
      preValidation: [deps.signed('basic')],
      config: { rate: 'actionLog' },
    },
    async (request) => {
      const now = deps.now();
      const uploader = await callerKey(request, deps.repos.users, deps.now);
      if (
        (await deps.repos.actionLogs.countSince(uploader, new Date(now.getTime() - DAY_MS))) >=
        deps.caps.actionLogsPerDay
      ) {
        throw new ApiError(
          429,
          ErrorCode.rateLimited,
          `今天已发送 ${deps.caps.actionLogsPerDay} 份日志，请明天再发，或下载日志文件交给客服`,
        );
      }
      const log = checkLog(serverRedactor.value(request.body.log));
      const bytes = Buffer.byteLength(JSON.stringify(log));
      const rawNote = request.body.note?.trim() || null;
      // Patterns (phones, IDs, tokens) first, then the names and numbers a person types about a customer.
      const note = rawNote === null ? null : redactNote(String(serverRedactor.value(rawNote)));
      const stored = await deps.repos.actionLogs.add(log, note, bytes, now, uploader);
      return ok({ id: stored.id, entries: stored.entries, bytes: stored.bytes });
    },
  );
  if (!readable) return;
  // Reading is a developer's duty, from their WeCom session's token; each read is on the compliance trail.
  const developer = [deps.signed('basic'), roleGuards(deps.guards)('developer')];
  app.get(
    '/api/debug/action-logs/:id',
    { schema: { params: IdParams, response: responses(ActionLogGetResponse) }, preValidation: developer },
    async (request) => {
      const found = await deps.repos.actionLogs.get(request.params.id);
      await recordRead(deps, request.user!.id, request.params.id, found ? 'read' : 'not_found', 'api');
      if (!found) throw notFound(`没有编号为 ${request.params.id} 的日志`);
      return ok(found);
    },
  );
  app.get(
    '/api/debug/action-logs',
    { schema: { response: responses(ActionLogListResponse) }, preValidation: developer },
    async (request) => {
      const list = await deps.repos.actionLogs.list();
      await recordRead(deps, request.user!.id, '-', 'listed', 'api', { count: list.length });
      return ok(list);
    },
  );
};

/** One row on the compliance trail per read or listing: who, which log, through what. */
function recordRead(
  deps: ServiceDeps,
  actorId: number | null,
  logId: string,
  decision: string,
  via: 'api' | 'local page',
  detail: Record<string, unknown> = {},
) {
  return deps.repos.compliance.record({
    kind: 'action_log_read',
    actorId,
    subject: `action_log:${logId}`,
    decision,
    detail: { via, ...detail },
    at: deps.now(),
  });
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function listPage(rows: ActionLogSummary[]): string {
  const body =
    rows.length === 0
      ? '<tr><td colspan="6">还没有收到日志。用户在页面地址后加 ?debug=1，点“发送日志”即可。</td></tr>'
      : rows
          .map(
            (r) =>
              `<tr><td><b>${esc(r.id)}</b></td><td>${esc(r.receivedAt.replace('T', ' ').slice(0, 19))}</td><td>${esc(r.note ?? '')}</td><td>${r.entries} 条 / ${(r.bytes / 1024).toFixed(1)} KB</td><td>${esc(r.appVersion)} · ${esc(r.environment)}</td>` +
              `<td><a href="/__replay?id=${encodeURIComponent(r.id)}">回放</a> · <a href="/__action-logs/${encodeURIComponent(r.id)}.json" download>下载</a></td></tr>`,
          )
          .join('');
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>操作日志</title>
<style>body{font:14px system-ui,sans-serif;margin:16px;color:#222}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:6px;text-align:left}b{font-family:monospace}</style></head>
<body><h1>操作日志（本地）</h1><p>命令行回放：<code>npm run replay -- &lt;编号&gt;</code></p><table><tr><th>编号</th><th>收到时间 (UTC)</th><th>说明</th><th>大小</th><th>版本</th><th></th></tr>${body}</table></body></html>`;
}

/** The local page listing received logs, and each log as a raw file for the replay CLI. */
export const actionLogsPagePlugin: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  app.get('/', { schema: { response: { 200: Type.String() } } }, async (_request, reply) => {
    const list = await deps.repos.actionLogs.list();
    await recordRead(deps, null, '-', 'listed', 'local page', { count: list.length });
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(listPage(list));
  });
  app.get(
    '/:file',
    {
      schema: {
        params: Type.Object({ file: Type.String({ pattern: '^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}\\.json$' }) }),
        response: { 200: Type.Unknown(), '4xx': ErrorResponse },
      },
    },
    async (request, reply) => {
      const found = await deps.repos.actionLogs.get(request.params.file.replace(/\.json$/, ''));
      await recordRead(
        deps,
        null,
        request.params.file.replace(/\.json$/, ''),
        found ? 'read' : 'not_found',
        'local page',
      );
      if (!found) throw notFound(`没有编号为 ${request.params.file.replace(/\.json$/, '')} 的日志`);
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${found.summary.id}.json"`)
        .send(JSON.stringify(found.log));
    },
  );
};
