/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { and, eq } from 'drizzle-orm';

import { complianceEvents, leaveMessages, lives, mktForwards, mktMaterials, storeAnswers, users } from '../db/schema';
import { createUsersRepository } from '../repositories/users';
import { createTestApp, type TestApp } from '../test-support/app';
import { mgmClient } from '../test-support/invitation';
import { mm } from '../test-support/market-map';
import { type Answer, signedClient, STORE } from '../test-support/signed-client';

/**
 * The walk (docs/compliance.md, "Block, flag, pass"): one promise of each kind down every
 * customer-facing write path and the reviewer's publish, each refused with the reason and nothing
 * stored or published; a held form stored for its writer only (待合规审核) until a reviewer other than
 * the writer approves it; honest questions and an honest answer accepted end to end.
 */
let t: TestApp;
let sid1: string;
beforeAll(async () => {
  // The walk asks more questions in a minute than one customer may (the limit has its own suite).
  const many = { max: 10_000, windowMs: 60_000 };
  t = await createTestApp({ app: { rates: { question: { perIp: many, perUser: many } } } });
  sid1 = (await createUsersRepository(t.database.db).createSession(1, t.clock.now())).token;
});
afterAll(() => t.close());

const { token, call, store, storeGet } = signedClient(() => t);
const employeeOf = async (uuid: string) =>
  (await t.database.db.select({ e: users.employeeId }).from(users).where(eq(users.uuid, uuid)))[0]!.e;
const leave = async (content: string, as = 'u15') =>
  call('POST', '/chat-group/act/leave-message', {
    body: { num_index: 1, employee_id: await employeeOf(as), real_name: '', content },
    as,
  });
const leaveList = (as?: string) => call('POST', '/chat-group/act/leave-message/list', { body: { num_index: 1 }, as });
const roomId = async () =>
  (await t.database.db.select({ roomId: lives.roomId }).from(lives).where(eq(lives.id, 1)))[0]!.roomId;

/** One promise of each kind the policy knows (docs/compliance.md). */
const PROMISES: ReadonlyArray<[kind: string, text: string]> = [
  ['principal', '您的本金我们兜底'],
  ['return floor', '年化不低于8%'],
  ['sure profit', '躺着就能赚钱'],
  ['no risk (English)', 'risk-free'],
  ['no risk', '零风险'],
  ['loss cover', '亏了我补给您'],
  ['rigid redemption', '刚性兑付'],
  ['expected return', '预期年化收益率6.5%'],
];
const HELD = '这款产品宝本';
const HONEST_QUESTIONS = ['请问这只基金保本吗？', '这个产品会不会亏本金？', '收益能保证吗？'];
const HONEST_ANSWER = '保本型产品已经退出市场，现在没有保本的基金';

/** A refusal the writer can act on: 400, the policy's code, the place's noun and what to do. */
function expectRefused(res: { status: number; json: Answer } | { status: number; body: Answer }, noun: string) {
  const error = 'json' in res ? res.json.error : res.body.error;
  expect([res.status, error.code]).toEqual([400, 180104]);
  expect(error.message).toMatch(new RegExp(`^${noun}.+请修改后再提交$`));
}
const contains = (value: unknown, text: string) => JSON.stringify(value).includes(text);

async function questionFor(as: string, content: string) {
  const q = await store('store_question', { content }, as);
  expect(q.status).toBe(200);
  return q.json.data.id as number;
}
async function submittedAnswer(questionId: number, content: string) {
  const saved = await store('answer_save', { question_id: questionId, content, submit: true }, 'u1');
  expect(saved.status).toBe(200);
  return saved.json.data as { answer_id: number; state: string; hold: { label: string; reason: string } | null };
}
async function ownMaterial(text: string) {
  const now = t.clock.now();
  const [m] = await t.database.db
    .insert(mktMaterials)
    .values({
      ownerAdviserId: 1,
      kind: 'article',
      project: '我的素材',
      title: '市场观察',
      summary: '',
      html: `<p>${text}</p>`,
      // Approved on 审核台, so only the content policy stands between it and the customer.
      reviewNo: '合规审核 NY-2025-9001',
      reviewState: 'approved',
      reviewExpiresAt: new Date(now.getTime() + 86_400_000 * 30),
      validFrom: now,
      validUntil: new Date(now.getTime() + 86_400_000 * 30),
      createdAt: now,
    })
    .returning();
  return m!.id;
}
let forwardSeq = 0;
async function forward(fileId: number) {
  const recipients = await mm(t, sid1, 'GET', '/chance/file/recipients', { fileId });
  const to = (recipients.body.data as { list: { customer: { customer_id: number } }[] }).list[0]!.customer.customer_id;
  return mm(t, sid1, 'POST', '/chance/file/forward', {
    fileId,
    customer_ids: [to],
    channel: 'wecom_chat',
    idempotency_key: `walk-${fileId}-${++forwardSeq}`,
  });
}

describe.each(PROMISES)('a %s promise (%s) is refused on every path, nothing stored or published', (_kind, text) => {
  test('question', async () => {
    expectRefused(await store('store_question', { content: `推荐一只${text}的基金` }, 'u5'), '提问');
    expect(contains((await storeGet('my_question_list', { limit: '50' }, 'u5')).json.data, text)).toBe(false);
  });

  test('leave-message', async () => {
    expectRefused(await leave(`主播说${text}`), '留言');
    const stored = await t.database.db.select().from(leaveMessages).where(eq(leaveMessages.liveId, 1));
    expect(stored.some((m) => m.content.includes(text))).toBe(false);
  });

  test('answer submit', async () => {
    const questionId = await questionFor('u7', '债券基金适合长期持有吗？');
    const refused = await store(
      'answer_save',
      { question_id: questionId, content: `可以放心买，${text}`, submit: true },
      'u1',
    );
    expectRefused(refused, '回答');
    const inReview = await t.database.db
      .select()
      .from(storeAnswers)
      .where(and(eq(storeAnswers.questionId, questionId), eq(storeAnswers.state, 'in_review')));
    expect(inReview).toEqual([]);
  });

  test("reviewer's publish (an answer whose promise got past submit)", async () => {
    const questionId = await questionFor('u7', '货币基金和债券基金怎么选？');
    const answer = await submittedAnswer(questionId, '看期限与风险承受能力。');
    await t.database.db
      .update(storeAnswers)
      .set({ content: `两者都${text}` })
      .where(eq(storeAnswers.id, answer.answer_id));
    expectRefused(await store('review/decide', { answer_id: answer.answer_id, decision: 'publish' }, 'u3'), '回答');
    expect((await storeGet('qa_detail', { question_id: String(questionId) })).status).toBe(404);
    const [row] = await t.database.db.select().from(storeAnswers).where(eq(storeAnswers.id, answer.answer_id));
    expect(row!.state).toBe('in_review');
  });

  test('forwarding-assistant article', async () => {
    expectRefused(
      await mm(t, sid1, 'POST', '/resource/wx-article-transform', { html: `<h2>好产品</h2><p>${text}</p>` }),
      '文章',
    );
    const own = await t.database.db.select().from(mktMaterials).where(eq(mktMaterials.ownerAdviserId, 1));
    expect(own.some((m) => (m.html ?? '').includes(text))).toBe(false);
  });

  test('material, when sent', async () => {
    const fileId = await ownMaterial(`本产品${text}`);
    expectRefused(await forward(fileId), '素材');
    expect(await t.database.db.select().from(mktForwards).where(eq(mktForwards.materialId, fileId))).toEqual([]);
  });

  test('display name (identity verification)', async () => {
    const c = mgmClient(t.app, t.database, t.clock.now);
    // One customer per kind: a verified member stays verified, so each kind needs a member who is not yet.
    const who = `u${4 + PROMISES.findIndex(([, p]) => p === text)}`;
    const mgmtoken = (await c.call<{ mgmtoken: string }>('/invite/join', {}, { token: await token(who) })).data!
      .mgmtoken;
    const res = await c.call(
      '/invite/userBaseInfo',
      { identity: { realName: text, idNumber: '11010519491231002X' } },
      {
        mgmtoken,
      },
    );
    expect([res.status, res.code]).toEqual([400, 180104]);
    expect(res.message).toMatch(/^姓名.+请修改后再提交$/);
    const [member] = await t.database.db.select({ name: users.realName }).from(users).where(eq(users.uuid, who));
    expect(member!.name).not.toContain(text);
  });
});

describe(`a held form (${HELD}): stored for its writer, published only by another reviewer`, () => {
  test('question: 待合规审核 to its asker, invisible to the public, no answer published until approved', async () => {
    const asked = await store('store_question', { content: `${HELD}，值得买` }, 'u5');
    expect(asked.status).toBe(200);
    expect(asked.json.data.hold).toMatchObject({ status: 'held', label: '待合规审核' });
    const id = asked.json.data.id as number;
    const mine = await storeGet('qa_detail', { question_id: String(id) }, 'u5');
    expect(mine.json.data.question.hold.label).toBe('待合规审核');
    expect(mine.json.data.question.hold.reason).toEqual(asked.json.data.hold.reason);
    expect((await storeGet('qa_detail', { question_id: String(id) })).status).toBe(404);
    expect((await storeGet('qa_detail', { question_id: String(id) }, 'u7')).status).toBe(404);

    const answer = await submittedAnswer(id, '请以产品合同为准，基金有风险。');
    const early = await store('review/decide', { answer_id: answer.answer_id, decision: 'publish' }, 'u3');
    expect([early.status, early.json.error.code]).toEqual([400, 180109]);
    for (const read of [storeGet('qa_list', { limit: '50' }), storeGet('index')])
      expect(contains((await read).json.data, HELD)).toBe(false);

    const queue = await call('GET', `${STORE}/holds/list`, { as: 'u3' });
    const item = (queue.json.data.list as { id: number; subject: string }[]).find(
      (h) => h.subject === `question:${id}`,
    )!;
    expect(item).toBeDefined();
    // A customer (no reviewer role) cannot release anything.
    expect((await store('holds/decide', { hold_id: item.id, decision: 'approve' }, 'u5')).status).toBe(403);
    const approved = await store('holds/decide', { hold_id: item.id, decision: 'approve' }, 'u3');
    expect(approved.json.data.status).toBe('approved');
    expect((await store('review/decide', { answer_id: answer.answer_id, decision: 'publish' }, 'u3')).status).toBe(200);
    const open = await storeGet('qa_detail', { question_id: String(id) });
    expect([open.status, open.json.data.question.hold]).toEqual([200, null]);
    const trail = await t.database.db
      .select()
      .from(complianceEvents)
      .where(eq(complianceEvents.subject, `question:${id}`));
    expect(trail.map((r) => [r.kind, r.actorId, r.decision, r.reason])).toEqual([
      ['policy_hit', 5, 'held', 'promise_principal'],
      ['review', 5, 'refused', 'not_reviewer'],
      ['review', 3, 'approved', null],
    ]);
  });

  test('leave-message: its writer alone sees it; the writer cannot approve it, another reviewer can; a rejection tells the writer', async () => {
    const held = await leave(`${HELD}，大家冲`, 'u3');
    expect(held.status).toBe(200);
    expect(held.json.data.hold).toMatchObject({ status: 'held', label: '待合规审核' });
    const room = async () =>
      call('POST', '/chat-room/room/message', { body: { room_id: await roomId() } }).then((r) => r.json.data);
    expect(contains((await leaveList()).json.data, HELD)).toBe(false);
    expect(contains((await leaveList('u15')).json.data, HELD)).toBe(false);
    expect(contains(await room(), HELD)).toBe(false);
    const own = (await leaveList('u3')).json.data.list.find((m: { id: number }) => m.id === held.json.data.id);
    expect(own.hold.label).toBe('待合规审核');

    const hold = (await call('GET', `${STORE}/holds/list`, { as: 'u17' })).json.data.list.find(
      (h: { subject: string }) => h.subject === `leave_message:${held.json.data.id}`,
    );
    const mine = (await call('GET', `${STORE}/holds/list`, { as: 'u3' })).json.data.list.find(
      (h: { id: number }) => h.id === hold.id,
    );
    expect(mine.four_eyes).toBe('这是您本人写的内容，需由其他审核人员审核');
    const self = await store('holds/decide', { hold_id: hold.id, decision: 'approve' }, 'u3');
    expect([self.status, self.json.error.message]).toEqual([403, '这是您本人写的内容，需由其他审核人员审核']);
    expect((await store('holds/decide', { hold_id: hold.id, decision: 'approve' }, 'u17')).status).toBe(200);
    expect(contains((await leaveList()).json.data, HELD)).toBe(true);
    expect(contains(await room(), HELD)).toBe(true);

    const second = await leave(`${HELD}，再说一次`, 'u15');
    const hold2 = (await call('GET', `${STORE}/holds/list`, { as: 'u17' })).json.data.list.find(
      (h: { subject: string }) => h.subject === `leave_message:${second.json.data.id}`,
    );
    expect((await store('holds/decide', { hold_id: hold2.id, decision: 'reject' }, 'u17')).status).toBe(400);
    expect(
      (await store('holds/decide', { hold_id: hold2.id, decision: 'reject', reason: '含保本暗示' }, 'u17')).status,
    ).toBe(200);
    const rejected = (await leaveList('u15')).json.data.list.find((m: { id: number }) => m.id === second.json.data.id);
    expect(rejected.hold).toEqual({ status: 'rejected', label: '未通过', reason: '含保本暗示' });
    expect(contains((await leaveList()).json.data, '再说一次')).toBe(false);
    const reviews = await t.database.db
      .select()
      .from(complianceEvents)
      .where(
        and(eq(complianceEvents.kind, 'review'), eq(complianceEvents.subject, `leave_message:${held.json.data.id}`)),
      );
    expect(reviews.map((r) => [r.actorId, r.decision, r.reason])).toEqual([
      [3, 'refused', 'own_text'],
      [17, 'approved', null],
    ]);
  });

  test('answer: 待合规审核 to its expert; published by a reviewer (never the writer), which approves it', async () => {
    const questionId = await questionFor('u7', '这只债基值得买吗？');
    const answer = await submittedAnswer(questionId, `${HELD}，可以考虑`);
    expect(answer.state).toBe('in_review');
    expect(answer.hold).toMatchObject({ label: '待合规审核' });
    expect((await storeGet('qa_detail', { question_id: String(questionId) })).status).toBe(404);
    const published = await store('review/decide', { answer_id: answer.answer_id, decision: 'publish' }, 'u3');
    expect([published.json.data.state, published.json.data.hold]).toEqual(['published', null]);
    expect((await storeGet('qa_detail', { question_id: String(questionId) })).status).toBe(200);
  });

  test('article: 待合规审核 to its adviser, not forwardable until a reviewer approves it', async () => {
    const made = await mm(t, sid1, 'POST', '/resource/wx-article-transform', { html: `<p>${HELD}，欢迎咨询</p>` });
    expect(made.status).toBe(200);
    expect(made.body.data.hold).toMatchObject({ status: 'held', label: '待合规审核' });
    const fileId = made.body.data.material_id as number;
    const early = await forward(fileId);
    expect([early.status, early.body.error.code]).toEqual([400, 180109]);
    const detail = await mm(t, sid1, 'GET', '/chance/file/detail', { fileId });
    expect(detail.body.data.hold.label).toBe('待合规审核');
    const hold = (await call('GET', `${STORE}/holds/list`, { as: 'u3' })).json.data.list.find(
      (h: { subject: string }) => h.subject === `material:${fileId}`,
    );
    expect((await store('holds/decide', { hold_id: hold.id, decision: 'approve' }, 'u3')).status).toBe(200);
    expect((await forward(fileId)).status).toBe(200);
  });
});

describe('honest questions and an honest answer are accepted end to end', () => {
  test.each(HONEST_QUESTIONS)('%s: asked, answered and published', async (content) => {
    const asked = await store('store_question', { content }, 'u5');
    expect([asked.status, asked.json.data?.hold]).toEqual([200, null]);
    const answer = await submittedAnswer(asked.json.data.id, HONEST_ANSWER);
    expect(answer.hold).toBeNull();
    const published = await store('review/decide', { answer_id: answer.answer_id, decision: 'publish' }, 'u3');
    expect([published.status, published.json.data?.state]).toEqual([200, 'published']);
    const detail = await storeGet('qa_detail', { question_id: String(asked.json.data.id) });
    expect([detail.json.data.question.content, detail.json.data.answers[0].content]).toEqual([content, HONEST_ANSWER]);
  });

  test('the same honest words as a leave-message and an article', async () => {
    expect((await leave(HONEST_QUESTIONS[0]!)).json.data.hold).toBeNull();
    const made = await mm(t, sid1, 'POST', '/resource/wx-article-transform', { html: `<p>${HONEST_ANSWER}</p>` });
    expect([made.status, made.body.data?.hold]).toEqual([200, null]);
  });
});
