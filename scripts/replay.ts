import fs from 'node:fs';

import { ACTION_LOG_ID_PATTERN } from '../src/api/contract/action-log-constants';
import { fullReducer } from '../src/app/store/full-reducer';
import { type ActionLog, parseActionLog } from '../src/features/action-log/log-format';
import { diffStates, ReplayError, replayLog } from '../src/features/action-log/replay';

const USAGE = `用法: npm run replay -- <日志文件或日志编号> [--to N] [--json] [--diff A B] [--server http://localhost:3000]
  --to N      只回放前 N 步
  --json      以 JSON 输出时间线和最终状态
  --diff A B  显示第 A 步与第 B 步之间的状态差异（0 = 初始状态）`;

export interface CliArgs {
  source: string;
  to?: number;
  json: boolean;
  diff?: [number, number];
  server: string;
}

export function parseArgs(argv: string[]): CliArgs {
  const args: CliArgs = { source: '', json: false, server: process.env.ACTION_LOG_SERVER ?? 'http://localhost:3000' };
  const num = (v: string | undefined, what: string) => {
    if (v === undefined || !/^\d+$/.test(v)) throw new Error(`${what} 需要一个非负整数\n${USAGE}`);
    return Number(v);
  };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i] as string;
    if (a === '--to') args.to = num(argv[++i], '--to');
    else if (a === '--json') args.json = true;
    else if (a === '--diff') args.diff = [num(argv[++i], '--diff A'), num(argv[++i], '--diff B')];
    else if (a === '--server') args.server = argv[++i] ?? args.server;
    else if (a === '--help' || a === '-h') throw new Error(USAGE);
    else if (!args.source) args.source = a;
    else throw new Error(`多余的参数 ${a}\n${USAGE}`);
  }
  if (!args.source) throw new Error(USAGE);
  return args;
}

export async function loadLog(source: string, server: string): Promise<ActionLog> {
  if (fs.existsSync(source)) {
    const text = fs.readFileSync(source, 'utf8');
    // A regression case from __tests__/replays wraps the log: { description, log, expect }.
    const wrapped = /^\s*\{\s*"description"/.test(text) ? (JSON.parse(text) as { log: unknown }).log : text;
    return parseActionLog(wrapped);
  }
  if (new RegExp(ACTION_LOG_ID_PATTERN).test(source.toUpperCase())) {
    const url = `${server.replace(/\/$/, '')}/__action-logs/${source.toUpperCase()}.json`;
    const res = await fetch(url).catch((e: unknown) => {
      throw new Error(`无法连接 ${url}：${e instanceof Error ? e.message : String(e)}`);
    });
    if (!res.ok) throw new Error(`服务器没有编号为 ${source} 的日志（HTTP ${res.status}，${url}）`);
    return parseActionLog(await res.text());
  }
  throw new Error(`找不到文件 ${source}，它也不像日志编号（例如 K7M4-QX2B）`);
}

const pad = (s: string | number, n: number) => String(s).padEnd(n);

/** Runs the CLI; returns the text to print and the exit code (testable without a process). */
export async function run(argv: string[]): Promise<{ out: string; code: number }> {
  let args: CliArgs;
  let log: ActionLog;
  try {
    args = parseArgs(argv);
    log = await loadLog(args.source, args.server);
  } catch (error) {
    return { out: error instanceof Error ? error.message : String(error), code: 2 };
  }
  try {
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
    const header = `日志 ${log.appVersion} · ${log.environment} · ${log.context.userAgentClass} · ${log.entries.length} 条（之前丢弃 ${log.dropped} 条）`;
    const lines = result.timeline.map(
      (s) =>
        `${pad(s.step, 5)} +${pad(((s.t - t0) / 1000).toFixed(3), 9)} ${pad(s.type, 36)} ${s.changed.join(', ') || '（无变化）'}   ${s.route}`,
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

if (require.main === module) {
  void run(process.argv.slice(2)).then(({ out, code }) => {
    (code === 0 ? process.stdout : process.stderr).write(`${out}\n`);
    process.exitCode = code;
  });
}
