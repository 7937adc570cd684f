import { asc, desc, gt } from 'drizzle-orm';

import type { Database } from '../../db/client';
import { complianceEvents, users } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { createComplianceRepository } from '../../repositories/compliance';
import { columnsOf } from '../../test-support/columns';
import { openTestDatabase } from '../../test-support/database';
import { numbersAt } from '../../test-support/policy-trail';
import { enforce, recordMasked } from '../content-policy';

// The policy on a write path against the real trail table: what is refused, what is stored and
// what the compliance officer reads afterwards.
const now = new Date('2025-06-15T02:00:00.000Z');
let database: Database;
let deps: Parameters<typeof enforce>[0];

let someone: number;
/** The trail is append-only: each test reads the rows after the last one before it. */
let since = 0;

// One database for the file (opening one is the slow part); each test starts from an empty trail.
beforeAll(async () => {
  database = await openTestDatabase();
  deps = { repos: { compliance: createComplianceRepository(database.db) }, now: () => now };
  const [first] = await database.db.select({ id: users.id }).from(users).orderBy(asc(users.id)).limit(1);
  someone = first!.id;
  // Loading PGlite's data folder is the slow part, and on a loaded machine it outlasts the 30 s default.
}, 120_000);
beforeEach(async () => {
  const [last] = await database.db
    .select({ id: complianceEvents.id })
    .from(complianceEvents)
    .orderBy(desc(complianceEvents.id))
    .limit(1);
  since = last?.id ?? 0;
});
afterAll(() => database?.close());

const trail = () =>
  database.db
    .select(
      columnsOf(complianceEvents, 'kind', 'actorId', 'adviserId', 'subject', 'decision', 'reason', 'detail', 'at'),
    )
    .from(complianceEvents)
    .where(gt(complianceEvents.id, since))
    .orderBy(asc(complianceEvents.id));

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('enforce', () => {
  test('a clean text comes back as it was and leaves no trail', async () => {
    await expect(
      enforce(deps, '现在适合定投吗？', { place: 'question', actorId: null, subject: 'question:-' }),
    ).resolves.toEqual({ text: '现在适合定投吗？', masked: [], held: null });
    expect(await trail()).toEqual([]);
  });

  test('an uncertain promise comes back held, with the words its writer reads; the write path stores it', async () => {
    await expect(
      enforce(deps, '这只基金 wen zhuan', { place: 'answer', actorId: someone, subject: 'answer:3' }),
    ).resolves.toEqual({
      text: '这只基金 wen zhuan',
      masked: [],
      held: {
        hit: { rule: 'promise_return', word: 'wenzhuan' },
        message: '待合规审核：回答中「wenzhuan」疑似保收益类承诺用语，审核通过前仅您本人可见',
      },
    });
    expect(await trail()).toEqual([]);
  });

  test('in a display name the same words are refused, and the trail keeps them', async () => {
    const error = await refusal(enforce(deps, '稳转哥', { place: 'name', actorId: someone, subject: 'member:5' }));
    expect([error.envelopeCode, error.message]).toEqual([
      180104,
      '姓名含有保本保收益类承诺用语「稳转」，请修改后再提交',
    ]);
    expect(await trail()).toMatchObject([{ decision: 'refused', reason: 'promise_return', subject: 'member:5' }]);
  });

  test('a promise is refused with the 400 naming it, and the trail keeps the rule and the words', async () => {
    const error = await refusal(
      enforce(deps, '这只基金稳赚', { place: 'answer', actorId: null, adviserId: null, subject: 'answer:12' }),
    );
    expect([error.statusCode, error.envelopeCode, error.message]).toEqual([
      400,
      180104,
      '回答含有保本保收益类承诺用语「稳赚」，请修改后再提交',
    ]);
    expect(await trail()).toEqual([
      {
        kind: 'policy_hit',
        actorId: null,
        adviserId: null,
        subject: 'answer:12',
        decision: 'refused',
        reason: 'promise_return',
        detail: { place: 'answer', matched: [{ rule: 'promise_return', word: '稳赚' }] },
        at: now,
      },
    ]);
  });

  test('a personal number where the place refuses it: the trail keeps its last four digits only', async () => {
    const error = await refusal(
      enforce(deps, '回电13800138000', {
        place: 'question',
        actorId: someone,
        adviserId: someone,
        subject: 'question:-',
      }),
    );
    expect([error.envelopeCode, error.message]).toEqual([180190, '请勿在提问中填写手机号，请删除后再提交']);
    const [row, ...rest] = await trail();
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      actorId: someone,
      adviserId: someone,
      decision: 'refused',
      reason: 'mobile',
      detail: numbersAt('question', ['mobile', '8000']),
    });
  });

  test("a question refuses the store's sensitive words only when asked to", async () => {
    const ctx = { place: 'question', actorId: null, subject: 'question:-' } as const;
    await expect(enforce(deps, '有没有内幕消息', ctx)).resolves.toMatchObject({ text: '有没有内幕消息' });
    const error = await refusal(enforce(deps, '有没有内幕消息', { ...ctx, sensitiveWords: true }));
    expect(error.envelopeCode).toBe(180103);
    expect(await trail()).toMatchObject([{ reason: 'sensitive_word' }]);
  });

  test('where the place keeps the text, numbers are masked and recorded once the row exists', async () => {
    const ctx = { place: 'leave_message', actorId: someone, adviserId: someone, subject: 'leave_message:15' } as const;
    const { text, masked } = await enforce(deps, '请回电13800138000，卡号6222 0212 3456 7890 128', ctx);
    expect(text).toBe('请回电【已隐去手机号】，卡号【已隐去银行卡号】');
    expect(await trail()).toEqual([]);
    await recordMasked(deps, masked, ctx);
    await recordMasked(deps, [], ctx);
    expect(await trail()).toEqual([
      {
        kind: 'policy_hit',
        actorId: someone,
        adviserId: someone,
        subject: 'leave_message:15',
        decision: 'masked',
        reason: 'mobile',
        detail: numbersAt('leave_message', ['mobile', '8000'], ['bank_card', '0128']),
        at: now,
      },
    ]);
  });
});
