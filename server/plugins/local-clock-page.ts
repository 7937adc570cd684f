import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';

import { businessDateTime } from '../../src/api/contract/dates';
import type { Database } from '../db/client';
import { badRequest } from '../http/errors';
import type { TypeBoxProvider } from '../http/typebox';
import type { LocalClock } from '../local-clock';
import { catchUp } from '../marketing/catch-up';

/** The page's buttons: an hour, a day, a week. */
const CLOCK_STEPS = { '1h': 3_600_000, '1d': 86_400_000, '7d': 7 * 86_400_000 } as const;
const LABELS: Record<keyof typeof CLOCK_STEPS, string> = { '1h': '+1小时', '1d': '+1天', '7d': '+7天' };
type Step = keyof typeof CLOCK_STEPS;

export interface LocalClockPageOptions {
  clock: LocalClock;
  database: Database;
  /** Whether the market simulator runs (it then catches up day by day). */
  simulator: boolean;
}

const AdvanceBody = Type.Object({ by: Type.Union([Type.Literal('1h'), Type.Literal('1d'), Type.Literal('7d')]) });

function page(clock: LocalClock, last: string): string {
  const days = (clock.offsetMs() / 86_400_000).toFixed(2).replace(/\.?0+$/, '');
  const buttons = (Object.keys(CLOCK_STEPS) as Step[])
    .map(
      (by) =>
        `<form method="post" action="/__local/clock/advance"><input type="hidden" name="by" value="${by}"><button type="submit">${LABELS[by]}</button></form>`,
    )
    .join('');
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>本地时钟</title><style>body{font:15px system-ui;margin:16px}form{display:inline-block;margin:0 8px 8px 0}
button{min-width:88px;min-height:44px;font-size:16px}</style></head><body><h1>本地时钟</h1>
<p>业务时间：<strong>${businessDateTime(clock.now())}</strong>（比真实时间快 ${days} 天）</p>${buttons}
<p>${last}</p><p>只能向前拨；模拟市场按天补走每个交易日，卡片按每天的上限放出，暂缓到期的卡片按日期回到工作台。</p></body></html>`;
}

/**
 * 本地时钟 (/__local/clock): moves the local backend's business clock forward by an hour, a day or a week, then lets
 * the workbench live the days in between (marketing/catch-up.ts). Mounted only outside production (app.ts).
 */
export const localClockPagePlugin: FastifyPluginAsync<LocalClockPageOptions> = async (fastify, opts) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  // The page's buttons post a plain form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  let last = '';
  // One move at a time: a second tap waits for the first's catch-up.
  let queue: Promise<unknown> = Promise.resolve();

  app.get('/', async (_request, reply) => reply.type('text/html; charset=utf-8').send(page(opts.clock, last)));

  app.post('/advance', { schema: { body: AdvanceBody } }, async (request, reply) => {
    const by = request.body.by;
    const ms = CLOCK_STEPS[by];
    if (!ms) throw badRequest('by 只能是 1h、1d 或 7d');
    const run = queue.then(async () => {
      const { from, to } = opts.clock.advance(ms);
      const done = await catchUp(opts.database, from, to, { simulator: opts.simulator });
      return { from, to, ...done };
    });
    queue = run.catch(() => {});
    const done = await run;
    last = `已拨快 ${LABELS[by]}：模拟 ${done.simulated} 步，唤醒 ${done.woken} 张暂缓卡片，放出 ${done.released} 张卡片。`;
    if (request.headers['content-type']?.startsWith('application/x-www-form-urlencoded'))
      return reply.redirect('/__local/clock', 303);
    return {
      now: done.to.toISOString(),
      offset_ms: opts.clock.offsetMs(),
      steps: done.steps.length,
      simulated: done.simulated,
      woken: done.woken,
      released: done.released,
    };
  });
};
