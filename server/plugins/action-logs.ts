import fs from 'node:fs';
import path from 'node:path';
import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';

import {
  ActionLog,
  type ActionLogFound,
  ActionLogGetResponse,
  ActionLogId,
  ActionLogListResponse,
  type ActionLogPage,
  ActionLogSearch,
  ActionLogUpload,
  ActionLogUploadResponse,
} from '../../src/api/contract/action-log';
import {
  ACTION_LOG_MAX_UPLOAD_BYTES,
  ACTION_LOG_READER_HEADER as READER_HEADER,
} from '../../src/api/contract/action-log-constants';
import { LOG_CONTEXT_LABELS, LOG_CONTEXTS } from '../../src/api/contract/action-log-facts';
import { ErrorCode } from '../../src/api/contract/codes';
import { ErrorResponse } from '../../src/api/contract/common';
import type { ComplianceDecision } from '../../src/api/contract/compliance-trail';
import {
  ActionLogFormatError,
  createRedactor,
  FIXTURE_NAME,
  logFromFile,
  parseActionLog,
  type Redactor,
  type RegressionFixture,
} from '../../src/features/action-log';
import { ApiError, badRequest, notFound, ok, responses } from '../http/errors';
import { callerKey } from '../http/rate-limits';
import type { TypeBoxProvider } from '../http/typebox';
import { keyedPlaceholder } from '../security/redaction-key';
import { roleGuards } from '../security/roles';
import type { ServiceDeps, ServiceOptions } from './deps';

const IdParams = Type.Object({ id: ActionLogId });
const DAY_MS = 24 * 60 * 60 * 1000;
const PAGE_SIZE = 50;

const USER_LABEL = /^\[(user|phone):[0-9a-z]{7}\]$/;
const MAINLAND_PHONE = /^(?:\+?86[- ]?)?(1[3-9]\d{9})$/;

/**
 * The labels a sender is searched by: their uuid and their phone, keyed exactly as the server's
 * redactor keys placeholders, so a developer who types the phone finds the log and no table holds it.
 */
function senderKeys(redactor: Redactor, who: { uuid: string; phone: string | null }): string[] {
  const phone = who.phone ? MAINLAND_PHONE.exec(who.phone.trim())?.[1] : undefined;
  return [redactor.placeholder('user', who.uuid), ...(phone ? [redactor.placeholder('phone', phone)] : [])];
}

/** How long the catalogue of public names is used before it is read again (products and presenters change rarely). */
const CATALOGUE_TTL_MS = 10 * 60_000;

/**
 * The public names the redactor keeps readable (products, fund codes, presenters, experts), read from the database
 * on the first upload and again when older than CATALOGUE_TTL_MS; `terms` is the one set the redactor reads.
 */
function publicCatalogue(deps: ServiceDeps) {
  const terms = new Set<string>();
  let readAt = -Infinity;
  let reading: Promise<void> | null = null;
  return {
    terms,
    async fresh(): Promise<void> {
      if (deps.now().getTime() - readAt < CATALOGUE_TTL_MS) return;
      reading ??= deps.repos.actionLogs
        .publicTerms()
        .then((read) => {
          // Added, never cleared: a name once public stays harmless, and a grown set is what the redactor recompiles on.
          for (const t of read) terms.add(t);
          readAt = deps.now().getTime();
        })
        .finally(() => (reading = null));
      await reading;
    },
  };
}

/** Fills the search columns of logs stored before they existed; returns how many. */
export async function backfillSearch(deps: ServiceDeps, redactor: Redactor): Promise<number> {
  return deps.repos.actionLogs.backfillSearch(async (uploader) => {
    const who = await deps.repos.actionLogs.uploaderIdentity(uploader);
    return who ? senderKeys(redactor, who) : [];
  });
}

/** What a developer typed as "user": a label copied from a result, a phone, or a uuid. */
function userKeysFor(redactor: Redactor, typed: string): string[] {
  const v = typed.trim();
  if (USER_LABEL.test(v)) return [v];
  const phone = MAINLAND_PHONE.exec(v.replace(/\s/g, ''))?.[1];
  if (phone) return [redactor.placeholder('phone', phone)];
  return [redactor.placeholder('user', v)];
}

const encodeCursor = (last: { receivedAt: Date; id: string }) =>
  Buffer.from(`${last.receivedAt.toISOString()}~${last.id}`).toString('base64url');
function decodeCursor(cursor: string): { receivedAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('~');
  const receivedAt = new Date(at ?? '');
  if (!id || Number.isNaN(receivedAt.getTime())) throw badRequest('翻页参数 cursor 无效，请从第一页重新查询');
  return { receivedAt, id };
}
function timeParam(value: string | undefined, what: string): Date | undefined {
  if (value === undefined || value === '') return undefined;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) throw badRequest(`${what}时间格式不对：${value}（例如 2026-11-29T08:00）`);
  return d;
}

/** Runs one search from the query string's values (the API, the local page and the CLI share it). */
async function searchLogs(deps: ServiceDeps, redactor: Redactor, q: ActionLogSearch): Promise<ActionLogPage> {
  const from = timeParam(q.from, '开始');
  const to = timeParam(q.to, '结束');
  if (from && to && from > to) throw badRequest('开始时间晚于结束时间');
  const { items, last } = await deps.repos.actionLogs.search({
    userKeys: q.user?.trim() ? userKeysFor(redactor, q.user) : undefined,
    context: q.context,
    from,
    to,
    page: q.page?.trim() || undefined,
    type: q.type?.trim() || undefined,
    hasError: q.hasError === undefined ? undefined : q.hasError === '1',
    text: q.q?.trim() || undefined,
    after: q.cursor ? decodeCursor(q.cursor) : undefined,
    limit: q.limit ?? PAGE_SIZE,
  });
  return { items, nextCursor: last ? encodeCursor(last) : null };
}

/** The filters that were set, for the trail: what a developer looked for is part of what they read. */
const filtersUsed = (q: ActionLogSearch) =>
  Object.fromEntries(Object.entries(q).filter(([k, v]) => k !== 'cursor' && v !== undefined && v !== ''));

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
  const catalogue = publicCatalogue(deps);
  const serverRedactor = createRedactor(keyedPlaceholder(redactionSecret), { publicTerms: catalogue.terms });
  // Logs stored before the search columns existed are filled once, after start, without holding the start up.
  fastify.addHook('onReady', () => {
    void backfillSearch(deps, serverRedactor).catch((error: unknown) =>
      fastify.log.error({ err: error }, 'action-log search backfill failed'),
    );
  });
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
      await catalogue.fresh();
      const log = checkLog(serverRedactor.value(request.body.log));
      const bytes = Buffer.byteLength(JSON.stringify(log));
      const rawNote = request.body.note?.trim() || null;
      // Patterns (phones, IDs, tokens) first, then the names and amounts a person types about a customer.
      const note = rawNote === null ? null : serverRedactor.note(rawNote);
      const who = await deps.repos.actionLogs.uploaderIdentity(uploader);
      const keys = who ? senderKeys(serverRedactor, who) : [];
      const stored = await deps.repos.actionLogs.add(log, note, bytes, now, uploader, keys);
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
      await recordRead(deps, request.user!.id, request.params.id, found ? 'read' : 'not_found', 'api', {
        reader: readerOf(request, `user:${request.user!.id}`),
      });
      if (!found) throw notFound(`没有编号为 ${request.params.id} 的日志`);
      return ok(found);
    },
  );
  app.get(
    '/api/debug/action-logs',
    {
      schema: { querystring: ActionLogSearch, response: responses(ActionLogListResponse) },
      preValidation: developer,
    },
    async (request) => {
      const page = await searchLogs(deps, serverRedactor, request.query);
      await recordRead(deps, request.user!.id, '-', 'listed', 'api', {
        count: page.items.length,
        reader: readerOf(request, `user:${request.user!.id}`),
        filters: filtersUsed(request.query),
      });
      return ok(page);
    },
  );
};

/** Names the reader on the trail: the tool's own header (the CLI sends its user and host), else who is signed in. */
function readerOf(request: FastifyRequest, fallback: string): string {
  const named = request.headers[READER_HEADER];
  const given = (Array.isArray(named) ? named[0] : named)?.trim().slice(0, 120);
  return given || fallback;
}

/** One row on the compliance trail per read or listing: who, which log, through what. */
function recordRead(
  deps: ServiceDeps,
  actorId: number | null,
  logId: string,
  decision: ComplianceDecision,
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

const CONTEXT_OPTIONS = LOG_CONTEXTS.map((c) => [c, LOG_CONTEXT_LABELS[c]] as const);
const time = (iso: string | null) => (iso ? iso.replace('T', ' ').slice(0, 19) : '—');

/** The search form, filled with what was asked, so a developer narrows a search without retyping it. */
function searchForm(q: ActionLogSearch): string {
  const input = (name: keyof ActionLogSearch, label: string, placeholder: string, type = 'text') =>
    `<label>${label}<input name="${name}" type="${type}" value="${esc(String(q[name] ?? ''))}" placeholder="${esc(placeholder)}"></label>`;
  const contexts = [['', '全部'] as const, ...CONTEXT_OPTIONS]
    .map(
      ([v, l]) => `<option value="${v}"${q.context === v || (!q.context && v === '') ? ' selected' : ''}>${l}</option>`,
    )
    .join('');
  return `<form class="find" method="get" action="./" role="search" aria-label="查找日志">
${input('user', '用户', '手机号、uuid 或 [user:…]')}
<label>环境<select name="context">${contexts}</select></label>
${input('from', '开始', '2026-11-29T08:00', 'datetime-local')}
${input('to', '结束', '2026-11-29T18:00', 'datetime-local')}
${input('page', '页面', '/liveDetail')}
${input('type', '动作类型', 'lives/homeListLoadFailed')}
${input('q', '内容文字', '动作或说明里的文字')}
<label class="check"><input type="checkbox" name="hasError" value="1"${q.hasError === '1' ? ' checked' : ''}>只看出错的</label>
<button type="submit">查找</button> <a class="reset" href="./">清空</a>
</form>`;
}

function resultRow(r: ActionLogFound): string {
  const replay = `/__replay?id=${encodeURIComponent(r.id)}`;
  const jump =
    r.firstErrorStep !== null
      ? `<a class="err" href="${replay}&amp;step=${r.firstErrorStep}">跳到第一个错误（第 ${r.firstErrorStep} 步）</a>`
      : '<span class="ok">无错误</span>';
  return `<li class="log"><div class="head"><b>${esc(r.id)}</b> <span class="ctx">${esc(LOG_CONTEXT_LABELS[r.context])}</span> <time>${esc(time(r.startedAt))}</time></div>
<div class="note">${esc(r.note ?? '（无说明）')}</div>
<div class="pages">${r.pages
    .slice(0, 6)
    .map((p) => `<code>${esc(p)}</code>`)
    .join(' ')}${r.pages.length > 6 ? ' …' : ''}</div>
<div class="meta">${r.entries} 步 · ${(r.bytes / 1024).toFixed(1)} KB · ${esc(r.appVersion)} · ${esc(r.environment)} · 用户 <code>${esc(r.userKeys[0] ?? '访客')}</code></div>
<div class="links">${jump} <a href="${replay}">回放</a> <a href="/__action-logs/${encodeURIComponent(r.id)}.json" download>下载</a></div></li>`;
}

function listPage(q: ActionLogSearch, result: ActionLogPage | { error: string }): string {
  const filtered = Object.keys(filtersUsed(q)).length > 0;
  let body: string;
  if ('error' in result) body = `<p class="error" role="alert">${esc(result.error)}</p>`;
  else if (result.items.length === 0)
    body = filtered
      ? '<p class="empty">没有符合条件的日志。放宽条件再试，或点“清空”。</p>'
      : '<p class="empty">还没有收到日志。用户在页面地址后加 ?debug=1，点“发送日志”即可。</p>';
  else {
    const next = result.nextCursor
      ? `<a class="more" href="?${esc(new URLSearchParams({ ...(filtersUsed(q) as Record<string, string>), cursor: result.nextCursor }).toString())}">更早的日志 ›</a>`
      : '';
    body = `<p class="count" role="status">本页 ${result.items.length} 份</p><ol class="results">${result.items.map(resultRow).join('')}</ol>${next}`;
  }
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>操作日志</title>
<style>
body{font:14px/1.5 system-ui,sans-serif;margin:0;color:#222;background:#f6f7f9}
main{max-width:1100px;margin:0 auto;padding:16px}
h1{font-size:20px;margin:0 0 4px}
.find{display:grid;grid-template-columns:repeat(auto-fill,minmax(200px,1fr));gap:8px 12px;background:#fff;padding:12px;border-radius:8px;margin:12px 0}
.find label{display:flex;flex-direction:column;font-size:13px;color:#555;gap:2px}
.find input,.find select{font:inherit;min-height:44px;box-sizing:border-box;padding:0 8px;border:1px solid #ccd;border-radius:6px;background:#fff}
.find label.check{flex-direction:row;align-items:center;gap:8px;min-height:44px;color:#222}
.find label.check input{min-height:auto;width:22px;height:22px}
.find button{min-height:44px;font:inherit;font-weight:600;background:#1f5eff;color:#fff;border:0;border-radius:6px}
.find .reset{display:flex;align-items:center;justify-content:center;min-height:44px}
.results{list-style:none;padding:0;margin:0;display:grid;gap:8px}
.log{background:#fff;border-radius:8px;padding:10px 12px;overflow-wrap:anywhere}
.log b{font-family:monospace;font-size:15px}
.ctx{background:#eef2ff;color:#1f3fb0;border-radius:4px;padding:0 6px;font-size:12px}
.head time,.meta{color:#666;font-size:12px}
.pages code{background:#f0f0f0;border-radius:3px;padding:0 4px;font-size:12px}
.links{display:flex;flex-wrap:wrap;gap:4px 16px;margin-top:4px}
.links a{display:inline-flex;align-items:center;justify-content:center;min-height:44px;min-width:44px}
.err{color:#b42318;font-weight:600}.ok{color:#067647;display:inline-flex;align-items:center;min-height:44px}
.more{display:inline-flex;align-items:center;min-height:44px;margin-top:8px}
.error{color:#b42318}
</style></head>
<body><main><h1>操作日志（本地）</h1><p>命令行：<code>npm run replay -- --find --has-error --page /liveDetail</code>，回放：<code>npm run replay -- &lt;编号&gt;</code></p>
${searchForm(q)}${body}</main></body></html>`;
}

/** The local page listing received logs, and each log as a raw file for the replay CLI. */
export interface ActionLogsPageOptions extends ServiceOptions {
  redactionSecret: string;
}

/** Query values of a form post: empty fields and a datetime-local's missing zone are normal, not errors. */
function formQuery(raw: Record<string, string | undefined>): ActionLogSearch {
  const q: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(raw)) if (typeof v === 'string' && v.trim() !== '') q[k] = v.trim();
  if (typeof q.limit === 'string') q.limit = Number(q.limit);
  return q as ActionLogSearch;
}
const LocalQuery = Type.Record(Type.String(), Type.String({ maxLength: 200 }));

/** The local page listing received logs, and each log as a raw file for the replay CLI. */
export const actionLogsPagePlugin: FastifyPluginAsync<ActionLogsPageOptions> = async (
  fastify,
  { deps, redactionSecret },
) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const redactor = createRedactor(keyedPlaceholder(redactionSecret));
  // Nobody signs in here (this machine only): the reader is what the tool says it is, else the browser's address.
  const localReader = (request: FastifyRequest) =>
    readerOf(request, `本机浏览器 ${request.ip} ${String(request.headers['user-agent'] ?? '').slice(0, 60)}`);
  const search = async (request: FastifyRequest, query: ActionLogSearch) => {
    const q = formQuery(query as Record<string, string>);
    if (!Value.Check(ActionLogSearch, q))
      throw badRequest('查询条件不对：环境只能是 wecom、wechat、miniprogram、app 或 browser');
    const page = await searchLogs(deps, redactor, q);
    await recordRead(deps, null, '-', 'listed', 'local page', {
      count: page.items.length,
      reader: localReader(request),
      filters: filtersUsed(q),
    });
    return { q, page };
  };
  app.get('/', { schema: { querystring: LocalQuery, response: { 200: Type.String() } } }, async (request, reply) => {
    let html: string;
    try {
      const { q, page } = await search(request, request.query as ActionLogSearch);
      html = listPage(q, page);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      html = listPage(formQuery(request.query), { error: error.message });
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });
  // The viewer's "保存为回归测试": the case goes into the replay suite's folder of this checkout.
  app.post(
    '/regression-tests',
    {
      bodyLimit: ACTION_LOG_MAX_UPLOAD_BYTES,
      schema: {
        body: Type.Object({ name: Type.String({ pattern: FIXTURE_NAME.source }), fixture: Type.Unknown() }),
        response: { 200: Type.Object({ file: Type.String() }), '4xx': ErrorResponse },
      },
    },
    async (request) => {
      const { name, fixture } = request.body;
      const dir = process.env.REPLAY_FIXTURE_DIR ?? path.join(process.cwd(), '__tests__', 'replays');
      if (!fs.existsSync(dir))
        throw notFound(`找不到 ${dir}：服务器不在代码目录中运行，请下载后放入 __tests__/replays`);
      const f = fixture as Partial<RegressionFixture>;
      try {
        logFromFile(f);
      } catch (error) {
        throw badRequest(error instanceof Error ? error.message : String(error));
      }
      if (typeof f.description !== 'string' || !f.expect || Object.keys(f.expect).length === 0)
        throw badRequest('回归测试需要 description 和至少一个 expect 状态值');
      const file = path.join(dir, `${name}.json`);
      try {
        fs.writeFileSync(file, `${JSON.stringify(fixture, null, 2)}\n`, { flag: 'wx' });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST')
          throw new ApiError(409, ErrorCode.badRequest, `${name}.json 已存在：换一个名称`);
        throw error;
      }
      await recordRead(deps, null, '-', 'saved_as_test', 'local page', { reader: localReader(request), name });
      return { file: path.relative(process.cwd(), file) };
    },
  );
  // The CLI's `--find`: the same search, as JSON.
  app.get(
    '/search.json',
    { schema: { querystring: LocalQuery, response: { 200: Type.Unknown(), '4xx': ErrorResponse } } },
    async (request) => (await search(request, request.query as ActionLogSearch)).page,
  );
  app.get(
    '/:file',
    {
      schema: {
        params: Type.Object({ file: Type.String({ pattern: '^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}\\.json$' }) }),
        response: { 200: Type.Unknown(), '4xx': ErrorResponse },
      },
    },
    async (request, reply) => {
      const id = request.params.file.replace(/\.json$/, '');
      const found = await deps.repos.actionLogs.get(id);
      await recordRead(deps, null, id, found ? 'read' : 'not_found', 'local page', { reader: localReader(request) });
      if (!found) throw notFound(`没有编号为 ${id} 的日志`);
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${found.summary.id}.json"`)
        .send(JSON.stringify(found.log));
    },
  );
};
