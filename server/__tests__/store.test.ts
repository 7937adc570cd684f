/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { eq } from 'drizzle-orm';

import { StoreErrorCode } from '../../src/api/contract/store-constants';
import { mktCustomers, storeProducts, users } from '../db/schema';
import { encryptField } from '../security/rsa';
import { createTestApp, type TestApp } from '../test-support/app';
import { signRequest } from '../test-support/sign';
import { type Answer, signedClient, STORE } from '../test-support/signed-client';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { call } = signedClient(() => t, `${STORE}/`);
const get = (url: string, query?: Record<string, string>, as?: string) => call('GET', url, { query, as });
const post = (url: string, body: unknown, as?: string) => call('POST', url, { body, as });

describe('reading the store', () => {
  test('index has every section; experts carry certificate numbers', async () => {
    const { json } = await get('index');
    expect(json.data.top.length).toBeGreaterThan(0);
    expect(json.data.products.length).toBeGreaterThan(0);
    expect(json.data.questions.length).toBeGreaterThan(0);
    for (const e of json.data.experts) expect(e.certificate_no).toMatch(/^A\d{12}$/);
    expect(json.data.news[0].content_html).toContain('<img src="/static/covers/');
  });

  test('news pages by cursor: no duplicates, no gaps, ends with null', async () => {
    const seen: number[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 20; i++) {
      const { json } = await get('news_list', { kind: 'view', limit: '50', ...(cursor ? { cursor } : {}) });
      seen.push(...json.data.list.map((a: { id: number }) => a.id));
      cursor = json.data.next_cursor ?? undefined;
      if (!cursor) break;
    }
    expect(seen.length).toBe(160);
    expect(new Set(seen).size).toBe(seen.length);
  });

  test('bad paging input is a 400, never a 500', async () => {
    expect((await get('news_list', { limit: '500' })).status).toBe(400);
    expect((await get('news_list', { cursor: "1' or 1=1" })).status).toBe(400);
    expect((await get('qa_detail', { question_id: '99999999999' })).status).toBe(400);
  });

  test('qa list shows only answered questions, with published answers only', async () => {
    const { json } = await get('qa_list', { limit: '50' });
    expect(json.data.list.length).toBeGreaterThan(0);
    for (const q of json.data.list) expect(q.state).toBe('answered');
    const detail = await get('qa_detail', { question_id: String(json.data.list[0].id) });
    expect(detail.json.data.answers.length).toBeGreaterThan(0);
    expect(detail.json.data.answers[0].expert.certificate_no).toMatch(/^A\d+/);
  });

  test('a question in review is hidden from others (404), shown to its asker', async () => {
    // Seed question 3's answer is in review; asked by a customer.
    expect((await get('qa_detail', { question_id: '3' })).status).toBe(404);
  });

  test("an expert's article count is the number of articles by that expert", async () => {
    const experts = (await get('expert_list', { limit: '50' })).json.data.list as Array<{
      id: number;
      article_count: number;
    }>;
    let total = 0;
    for (const e of experts) {
      const byExpert = (await get('news_list', { author_id: String(e.id), limit: '50' })).json.data;
      expect({ id: e.id, count: e.article_count }).toEqual({
        id: e.id,
        count: byExpert.list.length + (byExpert.next_cursor ? 1000 : 0),
      });
      total += e.article_count;
    }
    expect(total).toBeGreaterThan(0);
  });

  test('core member with views', async () => {
    const { json } = await get('core_member', { member_id: '9' });
    expect(json.data.member.kind).toBe('core');
    expect((await get('core_member', { member_id: '999' })).status).toBe(404);
  });
});

describe('one article', () => {
  test('opens by id for anyone, with the reader’s own like; a missing id is 404, a bad one 400', async () => {
    const first = (await get('top_list')).json.data.list[0];
    const visitor = await get('article_detail', { article_id: String(first.id) });
    expect(visitor.status).toBe(200);
    expect(visitor.json.data).toMatchObject({ id: first.id, title: first.title, liked: false });
    expect(visitor.json.data.content_html.length).toBeGreaterThan(0);
    await post('thumbs_up', { item_type: 'article', item_id: first.id, liked: true }, 'u9');
    expect((await get('article_detail', { article_id: String(first.id) }, 'u9')).json.data.liked).toBe(true);
    expect((await get('article_detail', { article_id: '999999' })).status).toBe(404);
    expect((await get('article_detail', { article_id: 'x' })).status).toBe(400);
  });
});

describe('asking', () => {
  test('length limits and sensitive words, the word named', async () => {
    expect((await post('store_question', { content: '你好' }, 'u5')).json.error.code).toBe(
      StoreErrorCode.questionTooShort,
    );
    expect((await post('store_question', { content: '问'.repeat(301) }, 'u5')).json.error.code).toBe(
      StoreErrorCode.questionTooLong,
    );
    const bad = await post('store_question', { content: '能不能给我一些内幕消息？' }, 'u5');
    expect(bad.status).toBe(400);
    expect(bad.json.error).toEqual({
      code: StoreErrorCode.sensitiveWord,
      message: '提问包含敏感词「内幕消息」，请修改后再提交',
    });
    expect((await post('store_question', { content: '含有\u0000的问题内容' }, 'u5')).status).toBe(400);
  });

  test('needs a sign-in; a body naming a user is refused', async () => {
    expect((await post('store_question', { content: '现在适合买债券基金吗？' })).status).toBe(401);
    expect((await post('store_question', { content: '现在适合买债券基金吗？', user_id: 'u6' }, 'u5')).status).toBe(400);
  });

  test('a new question is mine and in review', async () => {
    const asked = await post('store_question', { content: '可转债基金现在适合配置吗？' }, 'u5');
    expect(asked.json.data).toMatchObject({ state: 'in_review', answer_count: 0 });
    const mine = await get('my_question_list', {}, 'u5');
    expect(mine.json.data.list[0]).toMatchObject({ id: asked.json.data.id, state: 'in_review' });
    expect((await get('qa_detail', { question_id: String(asked.json.data.id) }, 'u5')).json.data.mine).toBe(true);
    expect((await get('qa_detail', { question_id: String(asked.json.data.id) }, 'u6')).status).toBe(404);
  });
});

describe('answer review state machine', () => {
  let questionId = 0;
  beforeAll(async () => {
    questionId = (await post('store_question', { content: '养老目标基金怎么选？' }, 'u7')).json.data.id;
  });

  test('a promise of returns cannot be submitted; a draft with it can be saved but not submitted', async () => {
    const refused = await post(
      'answer_save',
      { question_id: questionId, content: '这个产品保本，放心买', submit: true },
      'u1',
    );
    expect(refused.json.error).toEqual({
      code: StoreErrorCode.forbiddenPromise,
      message: '回答含有保本保收益类承诺用语「保本」，请修改后再提交',
    });
    for (const word of ['稳赚', '保证收益', '零风险']) {
      expect(
        (await post('answer_save', { question_id: questionId, content: `这只基金${word}`, submit: true }, 'u1')).json
          .error.code,
      ).toBe(StoreErrorCode.forbiddenPromise);
    }
  });

  test('customers and non-experts cannot write answers; non-reviewers cannot review (403)', async () => {
    expect((await post('answer_save', { question_id: questionId, content: '好的回答' }, 'u5')).status).toBe(403);
    expect((await get('review/answers', {}, 'u1')).status).toBe(403);
    expect((await get('review/answers', {}, 'u5')).status).toBe(403);
    expect((await post('review/decide', { answer_id: 1, decision: 'publish' }, 'u2')).status).toBe(403);
  });

  test('draft → in review → returned with a reason → resubmitted → published; every step recorded', async () => {
    const draft = await post('answer_save', { question_id: questionId, content: '先看期限与风险承受能力。' }, 'u1');
    expect(draft.json.error.message).toBe('ok');
    expect(draft.json.data.state).toBe('draft');
    const id = draft.json.data.answer_id;
    // Not visible to the customer while unpublished.
    expect((await get('qa_detail', { question_id: String(questionId) }, 'u7')).json.data.answers).toEqual([]);
    expect((await post('review/decide', { answer_id: id, decision: 'publish' }, 'u3')).json.error.code).toBe(
      StoreErrorCode.badTransition,
    );
    const submitted = await post(
      'answer_save',
      { question_id: questionId, answer_id: id, content: '先看期限与风险承受能力。', submit: true },
      'u1',
    );
    expect(submitted.json.data.state).toBe('in_review');
    expect(
      (await get('review/answers', {}, 'u3')).json.data.list.map((a: { answer_id: number }) => a.answer_id),
    ).toContain(id);
    expect((await post('review/decide', { answer_id: id, decision: 'return' }, 'u3')).status).toBe(400);
    const returned = await post('review/decide', { answer_id: id, decision: 'return', reason: '请补充风险提示' }, 'u3');
    expect(returned.json.data).toMatchObject({ state: 'returned', return_reason: '请补充风险提示' });
    await post(
      'answer_save',
      {
        question_id: questionId,
        answer_id: id,
        content: '先看期限与风险承受能力。市场有风险，投资需谨慎。',
        submit: true,
      },
      'u1',
    );
    const published = await post('review/decide', { answer_id: id, decision: 'publish' }, 'u3');
    expect(published.json.data.state).toBe('published');
    expect(published.json.data.history.map((h: { to_state: string }) => h.to_state)).toEqual([
      'in_review',
      'returned',
      'in_review',
      'published',
    ]);
    expect(published.json.data.history[1]).toMatchObject({ by: '陈志强', reason: '请补充风险提示' });
    // Published: the second decision finds nothing to move.
    expect(
      (await post('review/decide', { answer_id: id, decision: 'return', reason: 'x' }, 'u3')).json.error.code,
    ).toBe(StoreErrorCode.badTransition);
    const detail = await get('qa_detail', { question_id: String(questionId) }, 'u7');
    expect(detail.json.data.question.state).toBe('answered');
    expect(detail.json.data.answers[0]).toMatchObject({ id, expert: { name: '周立衡' } });
    // Another expert cannot rewrite it.
    expect((await post('answer_save', { question_id: questionId, answer_id: id, content: '改' }, 'u2')).status).toBe(
      403,
    );
  });
});

describe('thumbs-up', () => {
  test('one per user, a toggle, retries count once, exact under concurrent taps', async () => {
    const { json } = await get('qa_list');
    const answerId = (await get('qa_detail', { question_id: String(json.data.list[0].id) })).json.data.answers[0].id;
    const before = (await post('thumbs_up', { item_type: 'answer', item_id: answerId, liked: false }, 'u8')).json.data
      .likes;
    const taps = await Promise.all(
      Array.from({ length: 8 }, () => post('thumbs_up', { item_type: 'answer', item_id: answerId, liked: true }, 'u8')),
    );
    for (const tap of taps) expect(tap.status).toBe(200);
    const after = (await post('thumbs_up', { item_type: 'answer', item_id: answerId, liked: true }, 'u8')).json.data;
    expect(after).toMatchObject({ liked: true, likes: before + 1 });
    const others = await Promise.all(
      ['u9', 'u10', 'u11', 'u12'].map((u) =>
        post('thumbs_up', { item_type: 'answer', item_id: answerId, liked: true }, u),
      ),
    );
    expect(Math.max(...others.map((o) => o.json.data.likes))).toBe(before + 5);
    const off = await post('thumbs_up', { item_type: 'answer', item_id: answerId, liked: false }, 'u8');
    expect(off.json.data).toMatchObject({ liked: false, likes: before + 4 });
  });

  test('an unpublished answer cannot be liked', async () => {
    expect((await post('thumbs_up', { item_type: 'answer', item_id: 3, liked: true }, 'u8')).status).toBe(404);
  });
});

test('a money fund is shown at NAV 1.0000 with its 7-day yield; other funds by NAV and one-year return', async () => {
  const list = (await get('product_list', { limit: '20' })).json.data.list as Array<{
    category: string;
    latest_nav: number | null;
    one_year_return: number | null;
    yield_7d: number | null;
  }>;
  const money = list.filter((p) => p.category === '货币型');
  expect(money.length).toBeGreaterThan(0);
  for (const p of money) {
    expect(p.latest_nav).toBe(1);
    expect(p.one_year_return).toBeNull();
    expect(p.yield_7d).toBeGreaterThan(0.5);
    expect(p.yield_7d).toBeLessThan(5);
  }
  for (const p of list.filter((x) => x.category !== '货币型')) expect(p.yield_7d).toBeNull();
});

describe('following experts', () => {
  test('needs a sign-in; the body cannot name a user; an unknown expert is a 404', async () => {
    expect((await post('follow', { expert_id: 1, followed: true })).status).toBe(401);
    expect((await post('follow', { expert_id: 1, followed: true, user_id: 'u6' }, 'u5')).status).toBe(400);
    expect((await post('follow', { expert_id: 9999, followed: true }, 'u5')).status).toBe(404);
    expect((await get('followed_views', {})).status).toBe(401);
  });

  test('a toggle, retries count once, the reader sees it on lists and the member page', async () => {
    const member = (await get('core_member', { member_id: '9' }, 'u6')).json.data.member;
    expect(member).toMatchObject({ followed: false });
    const before = member.followers;
    const taps = await Promise.all(
      Array.from({ length: 6 }, () => post('follow', { expert_id: 9, followed: true }, 'u6')),
    );
    for (const tap of taps) expect(tap.json.data).toMatchObject({ expert_id: 9, followed: true });
    expect((await post('follow', { expert_id: 9, followed: true }, 'u6')).json.data.followers).toBe(before + 1);
    expect((await post('follow', { expert_id: 9, followed: true }, 'u7')).json.data.followers).toBe(before + 2);
    expect((await get('core_member', { member_id: '9' }, 'u6')).json.data.member).toMatchObject({
      followed: true,
      followers: before + 2,
    });
    // Another reader, or no reader, does not follow.
    expect((await get('core_member', { member_id: '9' }, 'u8')).json.data.member.followed).toBe(false);
    const cores = (await get('expert_list', { kind: 'core' })).json.data.list;
    expect(cores.find((e: { id: number }) => e.id === 9)).toMatchObject({ followed: false, followers: before + 2 });
    const mine = (await get('expert_list', { kind: 'core' }, 'u6')).json.data.list;
    expect(mine.find((e: { id: number }) => e.id === 9).followed).toBe(true);
    expect((await post('follow', { expert_id: 9, followed: false }, 'u6')).json.data).toEqual({
      expert_id: 9,
      followed: false,
      followers: before + 1,
    });
    expect((await post('follow', { expert_id: 9, followed: false }, 'u6')).json.data.followers).toBe(before + 1);
  });

  test('expert_list kind=followed: the experts the reader follows (我的关注), nobody’s without a token', async () => {
    const followed = async (as?: string) =>
      (await get('expert_list', { kind: 'followed' }, as)).json.data.list.map((e: { id: number }) => e.id);
    expect(await followed('u11')).toEqual([]);
    await post('follow', { expert_id: 3, followed: true }, 'u11');
    await post('follow', { expert_id: 1, followed: true }, 'u11');
    expect(await followed('u11')).toEqual([1, 3]);
    expect((await get('expert_list', { kind: 'followed' }, 'u11')).json.data.list[0].followed).toBe(true);
    expect(await followed()).toEqual([]);
    await post('follow', { expert_id: 1, followed: false }, 'u11');
    expect(await followed('u11')).toEqual([3]);
  });

  test("followed views: only the followed experts' articles, newest first, paged", async () => {
    expect((await get('followed_views', {}, 'u10')).json.data).toEqual({ list: [], next_cursor: null });
    await post('follow', { expert_id: 2, followed: true }, 'u10');
    await post('follow', { expert_id: 10, followed: true }, 'u10');
    const seen: Array<{ id: number; author: { id: number }; published_at: number }> = [];
    let cursor: string | undefined;
    for (let i = 0; i < 30; i++) {
      const { json } = await get('followed_views', { limit: '7', ...(cursor ? { cursor } : {}) }, 'u10');
      seen.push(...json.data.list);
      cursor = json.data.next_cursor ?? undefined;
      if (!cursor) break;
    }
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen.map((a) => a.author.id))).toEqual(new Set([2, 10]));
    expect(new Set(seen.map((a) => a.id)).size).toBe(seen.length);
    const byTwo = (await get('news_list', { author_id: '2', limit: '50' })).json.data.list.length;
    const byTen = (await get('news_list', { author_id: '10', limit: '50' })).json.data.list.length;
    expect(seen.length).toBe(byTwo + byTen);
    for (let i = 1; i < seen.length; i++)
      expect(seen[i - 1]!.published_at).toBeGreaterThanOrEqual(seen[i]!.published_at);
  });
});

describe('qualified-investor gate', () => {
  test('the contract and a private NAV are never sent before the confirmation', async () => {
    // Before it, the fund is not listed, opened or contracted at all (private-visibility.ts): as if absent.
    expect((await get('product_list', { kind: 'private' })).json.data.list).toEqual([]);
    const [fund] = await t.database.db.select().from(storeProducts).where(eq(storeProducts.kind, 'private')).limit(1);
    const id = fund!.id;
    // The declaration step is reachable, naming nothing of the fund.
    const before = await get('private_contract', { product_id: String(id) }, 'u13');
    expect(before.json.data.contract).toBeNull();
    expect(before.json.data.product).toMatchObject({ name: '私募基金', latest_nav: null, one_year_return: null });
    expect(JSON.stringify(before.json)).not.toContain(fund!.name);
    expect(JSON.stringify(before.json)).not.toContain('冷静期');
    expect((await get('product_detail', { product_id: String(id) }, 'u13')).status).toBe(404);
    expect((await get('product_detail', { product_id: String(id) })).status).toBe(404);
    expect(
      (
        await post(
          'qualified_confirm',
          { product_id: id, basis: 'assets', amount: 3_000_000, risk_acknowledged: false },
          'u13',
        )
      ).status,
    ).toBe(400);
    // The reader's assessment (on their customer record) must cover the fund: set it current and high enough.
    const [u13] = await t.database.db.select().from(users).where(eq(users.uuid, 'u13'));
    await t.database.db
      .update(mktCustomers)
      .set({ riskLevel: 'C5', riskExpiresAt: new Date(t.clock.now().getTime() + 100 * 86_400_000) })
      .where(eq(mktCustomers.userId, u13!.id));
    const confirmed = await post(
      'qualified_confirm',
      { product_id: id, basis: 'assets', amount: 3_000_000, risk_acknowledged: true },
      'u13',
    );
    expect(confirmed.json.data).toMatchObject({
      confirmed: true,
      confirmed_at: t.clock.now().getTime(),
      basis: 'assets',
      declared_amount: 3_000_000,
    });
    const after = await get('private_contract', { product_id: String(id) }, 'u13');
    expect(after.json.data.contract.cooling_off_hours).toBe(24);
    expect(JSON.stringify(after.json.data.contract)).toContain('24小时的投资冷静期');
    const detail = (await get('product_detail', { product_id: String(id) }, 'u13')).json.data;
    expect(detail.nav.length).toBeGreaterThan(100);
    expect(detail.product.latest_nav).toBe(detail.nav[detail.nav.length - 1][1]);
    expect(after.json.data.product.one_year_return).toEqual(expect.any(Number));
    // Confirmed per user: another reader is still at the declaration step.
    const other = (await get('private_contract', { product_id: String(id) }, 'u14')).json.data;
    expect([other.contract, other.product.name]).toEqual([null, '私募基金']);
    // A list shows a private fund's performance to no one, even the qualified reader (the detail does).
    const listed = (await get('product_list', { kind: 'private' }, 'u13')).json.data.list;
    expect(listed.find((p: { id: number }) => p.id === id)).toMatchObject({ latest_nav: null, one_year_return: null });
  });

  test('a public fund shows its NAV history, fees, manager and disclosures to anyone', async () => {
    const { json } = await get('product_detail', { product_id: '1' });
    expect(json.data.nav.length).toBeGreaterThan(300);
    expect(json.data.product.latest_nav).toEqual(expect.any(Number));
    expect(json.data.disclosures).toEqual(expect.arrayContaining(['基金有风险，投资需谨慎', '过往业绩不代表未来表现']));
    expect(json.data.manager.certificate_no).toMatch(/^A/);
  });

  test('every fund manager is one person with one certificate: the one on their expert page', async () => {
    const experts = (await get('expert_list', { limit: '50' })).json.data.list as Array<{
      name: string;
      certificate_no: string;
    }>;
    const byName = new Map(experts.map((e) => [e.name, e.certificate_no]));
    const products = (await get('product_list', { limit: '50' })).json.data.list as Array<{ id: number }>;
    expect(products.length).toBeGreaterThan(1);
    for (const p of products) {
      const detail = (await get('product_detail', { product_id: String(p.id) }, 'u13')).json.data;
      if (!detail) continue;
      expect([detail.manager.name, detail.manager.certificate_no]).toEqual([
        detail.manager.name,
        byName.get(detail.manager.name),
      ]);
    }
  });
});

describe('sign_login', () => {
  test('binds the phone to the token user after the SMS code; the body cannot name a user', async () => {
    const pub = (
      await t.app.inject(
        signRequest(
          { method: 'POST', url: '/live-api/cs-live-app/api/common/get_rsa', body: {} },
          { scheme: 'basic', now: t.clock.now() },
        ),
      )
    ).json() as Answer;
    const enc = (s: string) => encryptField(s, pub.data.pubKey as string);
    await t.app.inject(
      signRequest(
        {
          method: 'POST',
          url: '/smart-live/smart-service/api/common/send_phone_code',
          body: { region: '86', phone: enc('13812340000') },
        },
        { scheme: 'basic', now: t.clock.now() },
      ),
    );
    const page = await t.app.inject({ method: 'GET', url: '/__local-auth/sms' });
    const code = new RegExp('data-phone="86-13812340000">[^<]*</span> <b data-code="(\\d{6})"').exec(
      page.body,
    )?.[1] as string;
    expect(code).toMatch(/^\d{6}$/);
    expect((await post('sign_login', { region: '86', phone: enc('13812340000'), code: enc(code) })).status).toBe(401);
    expect(
      (await post('sign_login', { region: '86', phone: enc('13812340000'), code: enc(code), user_id: 'u6' }, 'u5'))
        .status,
    ).toBe(400);
    const wrong = await post(
      'sign_login',
      { region: '86', phone: enc('13812340000'), code: enc(code === '000000' ? '111111' : '000000') },
      'u5',
    );
    expect(wrong.status).toBe(400);
    const good = await post('sign_login', { region: '86', phone: enc('13812340000'), code: enc(code) }, 'u5');
    expect(good.json.data).toEqual({ signed: true, phone_masked: '138****0000' });
    expect((await post('sign_login', { region: '86', phone: enc('13812340000'), code: enc(code) }, 'u5')).status).toBe(
      400,
    );
  });
});
