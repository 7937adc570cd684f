import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { ActionLogFound } from '../src/api/contract/action-log';
import { ACTION_LOG_ID_PATTERN, ACTION_LOG_READER_HEADER } from '../src/api/contract/action-log-constants';
import { firstErrorStep, logHasError } from '../src/api/contract/action-log-entries';
import { LOG_CONTEXT_LABELS, LOG_CONTEXTS } from '../src/api/contract/action-log-facts';
import { fullReducer } from '../src/app/store/full-reducer';
import { FIXTURE_NAME, logFromFile, regressionFixture } from '../src/features/action-log/fixture';
import type { ActionLog } from '../src/features/action-log/log-format';
import { diffStates, ReplayError, replayLog } from '../src/features/action-log/replay';

const USAGE = `用法: npm run replay -- <日志文件或日志编号> [--to N] [--json] [--diff A B] [--save-test 名称] [--server http://localhost:3000]
       npm run replay -- --find [--has-error|--no-error] [--page /liveDetail] [--user 手机号或uuid] [--context wecom]
                        [--type 动作类型] [--text 文字] [--since 时间] [--until 时间] [--limit N] [--cursor C] [--json]
  --to N            只回放前 N 步
  --json            以 JSON 输出
  --diff A B        显示第 A 步与第 B 步之间的状态差异（0 = 初始状态）
  --save-test 名称  把日志写成回归测试 __tests__/replays/名称.json（日志、最终页面、最终状态的关键值）
  --find            按条件查找服务器上的日志（环境：${LOG_CONTEXTS.join('、')}）`;

/** Where `--save-test` writes: the replay suite's folder (REPLAY_FIXTURE_DIR for tests). */
const FIXTURE_DIR = () => process.env.REPLAY_FIXTURE_DIR ?? path.join(__dirname, '..', '__tests__', 'replays');

/** The search filters `--find` passes on, by their query-string names. */
type FindFilters = Partial<
  Record<'user' | 'context' | 'from' | 'to' | 'page' | 'type' | 'hasError' | 'q' | 'cursor' | 'limit', string>
>;

export interface CliArgs {
  source: string;
  to?: number;
  json: boolean;
  diff?: [number, number];
  server: string;
  find?: FindFilters;
  saveTest?: string;
  description?: string;
}

const FIND_FLAGS: Record<string, keyof FindFilters> = {
  '--user': 'user',
  '--context': 'context',
  '--since': 'from',
  '--until': 'to',
  '--page': 'page',
  '--type': 'type',
  '--text': 'q',
  '--cursor': 'cursor',
  '--limit': 'limit',
};

export function parseArgs(argv: string[]): CliArgs {
  const args: CliArgs = { source: '', json: false, server: process.env.ACTION_LOG_SERVER ?? 'http://localhost:3000' };
  const num = (v: string | undefined, what: string) => {
    if (v === undefined || !/^\d+$/.test(v)) throw new Error(`${what} 需要一个非负整数\n${USAGE}`);
    return Number(v);
  };
  const value = (v: string | undefined, what: string) => {
    if (v === undefined || v.startsWith('--')) throw new Error(`${what} 需要一个值\n${USAGE}`);
    return v;
  };
  const filters: FindFilters = {};
  let find = false;
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i] as string;
    if (a === '--to') args.to = num(argv[++i], '--to');
    else if (a === '--json') args.json = true;
    else if (a === '--diff') args.diff = [num(argv[++i], '--diff A'), num(argv[++i], '--diff B')];
    else if (a === '--server') args.server = argv[++i] ?? args.server;
    else if (a === '--find') find = true;
    else if (a === '--has-error') filters.hasError = '1';
    else if (a === '--no-error') filters.hasError = '0';
    else if (FIND_FLAGS[a]) filters[FIND_FLAGS[a]] = value(argv[++i], a);
    else if (a === '--save-test') args.saveTest = value(argv[++i], '--save-test');
    else if (a === '--description') args.description = value(argv[++i], '--description');
    else if (a === '--help' || a === '-h') throw new Error(USAGE);
    else if (!args.source) args.source = a;
    else throw new Error(`多余的参数 ${a}\n${USAGE}`);
  }
  if (find || Object.keys(filters).length > 0) {
    if (args.source) throw new Error(`--find 不需要日志编号（多余的参数 ${args.source}）\n${USAGE}`);
    if (filters.context && !(LOG_CONTEXTS as readonly string[]).includes(filters.context))
      throw new Error(`--context 只能是 ${LOG_CONTEXTS.join('、')}`);
    if (filters.limit !== undefined) num(filters.limit, '--limit');
    args.find = filters;
    return args;
  }
  if (args.saveTest !== undefined && !FIXTURE_NAME.test(args.saveTest))
    throw new Error(`--save-test 的名称只能用小写字母、数字和连字符（例如 live-detail-blank），收到 ${args.saveTest}`);
  if (!args.source) throw new Error(USAGE);
  return args;
}

/** Who reads, for the compliance trail: ACTION_LOG_READER, else this machine's user and host. */
function reader(): string {
  const who = process.env.ACTION_LOG_READER?.trim() || `${os.userInfo().username}@${os.hostname()}`;
  return `${who} (npm run replay)`;
}

async function get(url: string): Promise<Response> {
  return fetch(url, { headers: { [ACTION_LOG_READER_HEADER]: reader() } }).catch((e: unknown) => {
    throw new Error(`无法连接 ${url}：${e instanceof Error ? e.message : String(e)}`);
  });
}

export async function loadLog(source: string, server: string): Promise<ActionLog> {
  // A regression case from __tests__/replays wraps the log: { description, log, expect }.
  if (fs.existsSync(source)) return logFromFile(fs.readFileSync(source, 'utf8'));
  if (new RegExp(ACTION_LOG_ID_PATTERN).test(source.toUpperCase())) {
    const url = `${server.replace(/\/$/, '')}/__action-logs/${source.toUpperCase()}.json`;
    const res = await get(url);
    if (!res.ok) throw new Error(`服务器没有编号为 ${source} 的日志（HTTP ${res.status}，${url}）`);
    return logFromFile(await res.text());
  }
  throw new Error(`找不到文件 ${source}，它也不像日志编号（例如 K7M4-QX2B）`);
}

/** `--find`: the server's search (the local page's JSON), one line per log with its first error's link. */
async function find(args: CliArgs & { find: FindFilters }): Promise<{ out: string; code: number }> {
  const base = args.server.replace(/\/$/, '');
  const res = await get(`${base}/__action-logs/search.json?${new URLSearchParams(args.find).toString()}`);
  const body = (await res.json().catch(() => null)) as
    { items: ActionLogFound[]; nextCursor: string | null } | { error?: { message?: string } } | null;
  if (!res.ok || !body || !('items' in body))
    return {
      out: `查找失败（HTTP ${res.status}）：${(body as { error?: { message?: string } } | null)?.error?.message ?? ''}`,
      code: 2,
    };
  if (args.json) return { out: JSON.stringify(body, null, 2), code: 0 };
  if (body.items.length === 0) return { out: '没有符合条件的日志', code: 0 };
  const lines = body.items.map((r) => {
    const err = r.firstErrorStep === null ? '无错误' : `第一个错误：第 ${r.firstErrorStep} 步`;
    const link = `${base}/__replay?id=${r.id}${r.firstErrorStep === null ? '' : `&step=${r.firstErrorStep}`}`;
    return `${r.id}  ${LOG_CONTEXT_LABELS[r.context]}  ${(r.startedAt ?? r.receivedAt).replace('T', ' ').slice(0, 19)}  ${r.entries} 步  ${err}  ${r.note ?? ''}\n      ${r.pages.join(' ')}\n      ${link}`;
  });
  const more = body.nextCursor ? [`更早的日志：加上 --cursor ${body.nextCursor}`] : [];
  return { out: [`找到 ${body.items.length} 份日志`, ...lines, ...more].join('\n'), code: 0 };
}

/** `--save-test`: the log, where it ended and its final key facts, as a case of the replay suite. */
function saveTest(args: CliArgs & { saveTest: string }, log: ActionLog): { out: string; code: number } {
  const file = path.join(FIXTURE_DIR(), `${args.saveTest}.json`);
  if (fs.existsSync(file)) return { out: `${file} 已存在：换一个名称，或先删除它`, code: 2 };
  const { state } = replayLog(log, fullReducer);
  const fixture = regressionFixture(
    log,
    state,
    args.description ?? `${args.source}：${log.context.userAgentClass} · ${log.entries.length} 步，回放到最后`,
  );
  if (Object.keys(fixture.expect).length === 0)
    return { out: '最终状态里没有可检查的状态值（…status），无法生成回归测试', code: 1 };
  fs.writeFileSync(file, `${JSON.stringify(fixture, null, 2)}\n`);
  return {
    out: `已写入 ${file}：${Object.keys(fixture.expect).length} 个状态值，最后页面 ${fixture.route}\n运行：npx jest --selectProjects unit __tests__/replays`,
    code: 0,
  };
}

const pad = (s: string | number, n: number) => String(s).padEnd(n);
/** A step's changed paths, the first few of them: a page of a list loaded changes dozens of leaves. */
const changedText = (paths: string[]) =>
  paths.length === 0
    ? '（无变化）'
    : paths.length <= 6
      ? paths.join(', ')
      : `${paths.slice(0, 6).join(', ')} …（共 ${paths.length} 处）`;

/** Runs the CLI; returns the text to print and the exit code (testable without a process). */
export async function run(argv: string[]): Promise<{ out: string; code: number }> {
  let args: CliArgs;
  let log: ActionLog;
  try {
    args = parseArgs(argv);
    if (args.find) return await find(args as CliArgs & { find: FindFilters });
    log = await loadLog(args.source, args.server);
  } catch (error) {
    return { out: error instanceof Error ? error.message : String(error), code: 2 };
  }
  try {
    if (args.saveTest !== undefined) return saveTest(args as CliArgs & { saveTest: string }, log);
    if (args.diff) {
      const [a, b] = args.diff;
      const changes = diffStates(
        replayLog(log, fullReducer, { to: a }).state,
        replayLog(log, fullReducer, { to: b }).state,
      );
      if (args.json) return { out: JSON.stringify(changes, null, 2), code: 0 };
      const lines = changes.map((c) => `${c.path}\n  - ${JSON.stringify(c.before)}\n  + ${JSON.stringify(c.after)}`);
      return { out: [`第 ${a} 步 → 第 ${b} 步：${changes.length} 处不同`, ...lines].join('\n'), code: 0 };
    }
    const result = replayLog(log, fullReducer, { to: args.to, timeline: true });
    if (args.json)
      return {
        out: JSON.stringify({ steps: result.steps, timeline: result.timeline, state: result.state }, null, 2),
        code: 0,
      };
    const t0 = log.entries[0]?.t ?? 0;
    const header = `日志 ${log.appVersion} · ${log.environment} · ${log.context.userAgentClass} · ${log.entries.length} 条（之前丢弃 ${log.dropped} 条）${logHasError(log) ? ` · 第一个错误：第 ${firstErrorStep(log)} 步` : ' · 无错误'}`;
    const lines = result.timeline.map(
      (s) =>
        `${pad(s.step, 6)} +${pad(((s.t - t0) / 1000).toFixed(3), 9)} ${pad(s.type, 36)} ${changedText(s.changed)}   ${s.route}`,
    );
    return {
      out: [
        header,
        `步    时间(秒)   动作                                 改变的状态路径   页面`,
        ...lines,
        '',
        '最终状态：',
        JSON.stringify(result.state, null, 2),
      ].join('\n'),
      code: 0,
    };
  } catch (error) {
    if (error instanceof ReplayError) {
      const stack = error.original instanceof Error ? error.original.stack : String(error.original);
      return {
        out: [
          `回放在第 ${error.step} 步停止：${error.message}`,
          `动作：${JSON.stringify(error.entry.action)}`,
          `页面：${error.entry.route}`,
          stack,
        ].join('\n'),
        code: 1,
      };
    }
    throw error;
  }
}

/**
 * A reader that stops reading (`| head`) closes the pipe: that is an ordinary end, not a failure. Without this
 * Node throws EPIPE from the write and prints its stack.
 */
export function exitQuietlyOnClosedPipe(stream: NodeJS.WritableStream, exit: (code: number) => void): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') exit(0);
    else throw error;
  });
}

if (require.main === module) {
  exitQuietlyOnClosedPipe(process.stdout, (code) => process.exit(code));
  exitQuietlyOnClosedPipe(process.stderr, (code) => process.exit(code));
  void run(process.argv.slice(2)).then(({ out, code }) => {
    (code === 0 ? process.stdout : process.stderr).write(`${out}\n`);
    process.exitCode = code;
  });
}
