import fs from 'node:fs';
import path from 'node:path';

import { fullReducer } from '../../src/app/store/full-reducer';
import { type ActionLog, parseActionLog } from '../../src/features/action-log/log-format';
import { createRedactor } from '../../src/features/action-log/redact';
import { replayLog } from '../../src/features/action-log/replay';

/**
 * A customer's log (WeChat, the home list failing) and an adviser's (WeCom), both recorded in Chromium, with what
 * people type and see added: a name in a chat message, phones, an ID number, amounts in text and in the state the
 * replayed screen draws. Redacted as a log is (by the browser with its salt, then by the server with its key), no
 * person may remain, and the clues a developer needs (product and presenter names, fund codes, the live id, 白屏)
 * must.
 */
const recorded = (file: string) =>
  parseActionLog((JSON.parse(fs.readFileSync(path.join(__dirname, file), 'utf8')) as { log: unknown }).log);

const PEOPLE = [
  '张伟',
  '李秀英',
  '王芳',
  '13812345678',
  '13987654321',
  '110101199003071234',
  '50万',
  '19,700',
  '19700',
  '1234567',
];
const CLUES = ['招商中证白酒', '161725', '睿远成长价值', '007119', '陈光明', '99999', '白屏'];

/** The public catalogue as the server's database gives it (repositories/action-logs.ts publicTerms). */
const CATALOGUE = new Set(['招商中证白酒', '161725', '睿远成长价值', '007119', '陈光明', '高毅晓峰']);
const product = { id: 7, name: '招商中证白酒', fund_code: '161725', risk_level: 'R4', kind: 'public' };
const presenter = { id: 3, name: '陈光明', title: '基金经理', avatar: '', bio: '十五年投研经验' };

function withPeople(log: ActionLog, extra: ActionLog['entries'][number]['action'][]): ActionLog {
  const last = log.entries.at(-1)!;
  return {
    ...log,
    startState: {
      ...log.startState,
      // Inside a slice the reducer keeps what it does not know (a new top-level key would only be warned about).
      workbench: {
        ...(log.startState.workbench as object | undefined),
        customer: { name: '李秀英', phone: '13987654321', aum: 1_234_567.89 },
        holdings: [
          {
            product: { name: '睿远成长价值', fund_code: '007119', kind: 'public' },
            amount: 19_700,
            market_value: 19_700,
          },
        ],
        shown: '持仓 ¥19,700.00',
      },
    },
    entries: [
      ...log.entries,
      ...extra.map((action, i) => ({
        seq: last.seq + 1 + i,
        t: last.t + 1000 * (i + 1),
        route: '/liveDetail?liveId=99999',
        action,
      })),
    ],
  };
}

/** The browser's pass (the recorder stringifies each entry and the start state), then the server's. */
function redactedAsStored(log: ActionLog, note: string) {
  // As the browser records (browser.ts): no catalogue, public names learned from the data it records.
  const client = createRedactor('browser-session-salt', { learnPublicTerms: true });
  const fromBrowser = {
    ...log,
    startState: JSON.parse(client.stringify(log.startState)) as Record<string, unknown>,
    entries: log.entries.map((e) => ({
      ...e,
      route: client.route(e.route),
      action: JSON.parse(client.stringify(e.action)),
    })),
  };
  // As the server redacts an upload: with the catalogue read from its database (products, fund codes, presenters).
  const server = createRedactor(() => 'srvkey1', { publicTerms: CATALOGUE });
  return { downloaded: fromBrowser, log: server.value(fromBrowser) as ActionLog, note: server.note(client.note(note)) };
}

describe.each([
  [
    'customer in WeChat',
    'home-error-retry.json',
    [
      {
        type: 'liveRoom/productsLoaded',
        payload: {
          products: [product, { name: '高毅晓峰', fund_code: '519002', kind: 'public' }],
          presenters: [presenter],
        },
      },
      {
        type: 'liveRoom/messageSent',
        payload: {
          liveId: 99999,
          content: '我是张伟，手机13812345678，身份证110101199003071234，想买50万元招商中证白酒和高毅晓峰',
        },
      },
      {
        type: 'liveRoom/questionLeft',
        payload: { question: '陈光明老师好，我的持仓¥19,700.00亏了', fundCode: '161725' },
      },
    ],
    '直播间99999白屏，我是张伟 13812345678',
  ],
  [
    'adviser in WeCom',
    'home-list.json',
    [
      { type: 'staff/customerOpened', payload: { customer: { name: '王芳', mobile: 13812345678, aum: 500_000 } } },
      { type: 'staff/tradeRecorded', payload: { amount: '1234567', product } },
      {
        type: 'staff/messageDrafted',
        payload: { text: '王芳您好，您的招商中证白酒持仓¥19,700.00，身份证110101199003071234已核对' },
      },
    ],
    '客户李秀英说页面白屏，她有50万元',
  ],
] as const)('%s', (_who, file, extra, note) => {
  const log = withPeople(recorded(file), extra as unknown as ActionLog['entries'][number]['action'][]);
  const stored = redactedAsStored(log, note);
  const text = JSON.stringify(stored);

  test('no name, phone, ID or amount typed or shown remains', () => {
    for (const person of PEOPLE) expect([person, text.includes(person)]).toEqual([person, false]);
  });

  test('product and presenter names, fund codes, the live id and 白屏 remain; amounts as a magnitude', () => {
    for (const clue of CLUES.filter((c) => JSON.stringify(log).includes(c) || note.includes(c)))
      expect([clue, text.includes(clue)]).toEqual([clue, true]);
    expect(stored.note).toContain('白屏');
    expect(text).toMatch(/\[¥(?:1万-10万|10万-100万|100万-1000万)\]/);
  });

  // Only what a person typed: the catalogue data (a product's `name`, `fund_code`) is kept by its key alone, so a
  // check over whole actions would pass with public-term learning and the catalogue both off.
  const typedIn = (l: ActionLog) =>
    l.entries
      .slice(-extra.length)
      .flatMap((e) => Object.entries((e.action as { payload?: Record<string, unknown> }).payload ?? {}))
      .filter(([key]) => ['content', 'question', 'text'].includes(key))
      .map(([, v]) => String(v))
      .join('\n');
  // Names the name rules would take (a surname first, or before a title), so only public-term handling keeps them.
  const typedClues = ['招商中证白酒', '高毅晓峰', '陈光明'].filter((c) => typedIn(log).includes(c));

  test('public names stay readable where a person typed them: in a downloaded log (learned) and a stored one', () => {
    expect(typedClues.length).toBeGreaterThan(0);
    // The browser has no catalogue: it keeps a name because the log's own data showed it to be public.
    const downloaded = typedIn(stored.downloaded);
    for (const clue of typedClues) expect([clue, downloaded.includes(clue)]).toEqual([clue, true]);
    // The server does not learn from uploads: it keeps the name because its catalogue lists it.
    const kept = typedIn(stored.log);
    for (const clue of typedClues) expect([clue, kept.includes(clue)]).toEqual([clue, true]);
  });

  test('the redacted log still replays to its end', () => {
    expect(replayLog(parseActionLog(stored.log), fullReducer).steps).toBe(log.entries.length);
  });
});
