/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { eq } from 'drizzle-orm';

import { complianceEvents, lives, mktMaterials, mktProducts, storeAnswers, storeQuestions } from '../db/schema';
import { htmlToText } from '../materials/sanitize';
import { MEMBER_BENEFITS } from '../plugins/services/invitation';
import { screen } from '../policy/content-policy';
import { createRepositories } from '../repositories';
import { createUsersRepository } from '../repositories/users';
import { createTestApp, type TestApp } from '../test-support/app';
import { mgmClient } from '../test-support/invitation';
import { mm } from '../test-support/market-map';
import { numbersAt } from '../test-support/policy-trail';
import { signedClient } from '../test-support/signed-client';

/**
 * Every path where text reaches a customer or the public, walked with a disguised promise and with
 * personal numbers: each is refused (400 naming the rule) or stored masked, the public read shows
 * neither, and the compliance trail holds one row per hit without the full number.
 */
let t: TestApp;
let sid1: string;
beforeAll(async () => {
  t = await createTestApp();
  sid1 = (await createUsersRepository(t.database.db).createSession(1, t.clock.now())).token;
});
afterAll(() => t.close());

// Pinned personal numbers: an ID with the check character (docs/rules/validation.md#resident-id), a Luhn-valid 19-digit card, a mobile.
const ID = '11010519491231002X';
const CARD = '6222021234567890128';
const PHONE = '13800138000';
const PROMISE = '年化收益保證10%，穩\u200d賺';
const PROMISE_MESSAGE = (noun: string) => `${noun}含有保本保收益类承诺用语「年化收益保证」，请修改后再提交`;

const { token, call, store, storeGet } = signedClient(() => t);

async function trail(subjectPrefix: string) {
  const rows = await t.database.db.select().from(complianceEvents).where(eq(complianceEvents.kind, 'policy_hit'));
  return rows
    .filter((r) => r.subject.startsWith(subjectPrefix))
    .map((r) => ({ actor: r.actorId, subject: r.subject, decision: r.decision, reason: r.reason, detail: r.detail }));
}
const noFullNumber = (value: unknown) => {
  const text = JSON.stringify(value);
  for (const n of [ID, ID.toLowerCase(), CARD, PHONE]) expect(text).not.toContain(n);
};

describe("the firm's own customer-facing texts pass (no false positives on disclosures)", () => {
  // Runs first: the tests below write texts that must fail.
  test('every seeded material, product name, published answer and the member benefits', async () => {
    const db = t.database.db;
    const texts: [string, string][] = [];
    for (const m of await db.select().from(mktMaterials))
      texts.push([`material ${m.id}`, [m.title, m.summary, m.html ? htmlToText(m.html) : ''].join('\n')]);
    for (const p of await db.select({ id: mktProducts.id, name: mktProducts.name }).from(mktProducts))
      texts.push([`product ${p.id}`, p.name]);
    for (const a of await db.select().from(storeAnswers).where(eq(storeAnswers.state, 'published')))
      texts.push([`answer ${a.id}`, a.content]);
    for (const b of MEMBER_BENEFITS) texts.push(['benefit', b]);
    const refused = texts
      .filter(([, text]) => screen(text, 'answer').kind === 'refused')
      .map(([where, text]) => [where, screen(text, 'answer'), text.slice(0, 80)]);
    expect(refused).toEqual([]);
    expect(texts.length).toBeGreaterThan(50);
  });
});

describe('store questions (customer, public once answered)', () => {
  test('a disguised promise and a resident ID are refused with the reason; the trail has both, without the number', async () => {
    const promise = await store('store_question', { content: `推荐一只${PROMISE}的基金` }, 'u5');
    expect([promise.status, promise.json.error]).toEqual([400, { code: 180104, message: PROMISE_MESSAGE('提问') }]);
    const id = await store('store_question', { content: `我的身份证${ID}，帮我看看适合什么基金` }, 'u5');
    expect([id.status, id.json.error]).toEqual([
      400,
      { code: 180190, message: '请勿在提问中填写身份证号，请删除后再提交' },
    ]);
    const card = await store('store_question', { content: `卡号 6222 0212 3456 7890 128 能买吗` }, 'u5');
    expect(card.json.error.message).toBe('请勿在提问中填写银行卡号，请删除后再提交');
    const mine = await storeGet('my_question_list', {}, 'u5');
    noFullNumber(mine.json.data);
    expect(JSON.stringify(mine.json.data)).not.toContain('年化收益保證');
    const rows = await trail('question:-');
    expect(rows).toEqual([
      {
        actor: 5,
        subject: 'question:-',
        decision: 'refused',
        reason: 'promise_return',
        detail: { place: 'question', matched: [{ rule: 'promise_return', word: '年化收益保证' }] },
      },
      {
        actor: 5,
        subject: 'question:-',
        decision: 'refused',
        reason: 'id_number',
        detail: numbersAt('question', ['id_number', '002X']),
      },
      {
        actor: 5,
        subject: 'question:-',
        decision: 'refused',
        reason: 'bank_card',
        detail: numbersAt('question', ['bank_card', '0128']),
      },
    ]);
    noFullNumber(rows);
  });

  test('a clean question with a disclosure in it is taken', async () => {
    const ok = await store('store_question', { content: '听说这只基金不保本，风险大吗？' }, 'u5');
    expect(ok.status).toBe(200);
  });
});

describe('store answers: submit and publish both use the policy', () => {
  let questionId = 0;
  beforeAll(async () => {
    questionId = (await store('store_question', { content: '债券基金适合长期持有吗？' }, 'u7')).json.data.id;
  });

  test("submit refuses a promise and a phone number; a draft is the expert's own and may hold either", async () => {
    const promise = await store(
      'answer_save',
      { question_id: questionId, content: `可以，${PROMISE}`, submit: true },
      'u1',
    );
    expect(promise.json.error).toEqual({ code: 180104, message: PROMISE_MESSAGE('回答') });
    const phone = await store(
      'answer_save',
      {
        question_id: questionId,
        content: `有问题请打我电话 ${PHONE.slice(0, 3)} ${PHONE.slice(3, 7)} ${PHONE.slice(7)}`,
        submit: true,
      },
      'u1',
    );
    expect(phone.json.error).toEqual({ code: 180190, message: '请勿在回答中填写手机号，请删除后再提交' });
    expect((await store('answer_save', { question_id: questionId, content: `草稿：${PROMISE}` }, 'u1')).status).toBe(
      200,
    );
    expect((await trail(`question:${questionId}`)).map((r) => [r.actor, r.decision, r.reason])).toEqual([
      [1, 'refused', 'promise_return'],
      [1, 'refused', 'mobile'],
    ]);
  });

  test('publish refuses an answer whose promise got past submit (written before the policy); the public read never shows it', async () => {
    const draft = await store(
      'answer_save',
      { question_id: questionId, content: '债券基金也会波动，请关注期限与信用风险。' },
      'u1',
    );
    const answerId = draft.json.data.answer_id as number;
    expect(
      (
        await store(
          'answer_save',
          {
            question_id: questionId,
            answer_id: answerId,
            content: '债券基金也会波动，请关注期限与信用风险。',
            submit: true,
          },
          'u1',
        )
      ).json.data.state,
    ).toBe('in_review');
    await t.database.db
      .update(storeAnswers)
      .set({ content: '债券基金零\u200b風險，放心买' })
      .where(eq(storeAnswers.id, answerId));
    const publish = await store('review/decide', { answer_id: answerId, decision: 'publish' }, 'u3');
    expect([publish.status, publish.json.error.message]).toEqual([
      400,
      '回答含有保本保收益类承诺用语「零风险」，请修改后再提交',
    ]);
    expect((await storeGet('qa_detail', { question_id: String(questionId) })).status).toBe(404);
    expect(await trail(`answer:${answerId}`)).toEqual([
      {
        actor: 3,
        subject: `answer:${answerId}`,
        decision: 'refused',
        reason: 'promise_no_risk',
        detail: { place: 'answer', matched: [{ rule: 'promise_no_risk', word: '零风险' }] },
      },
    ]);
  });

  test('a question stored before the policy has its numbers hidden when published; anonymous readers never see them', async () => {
    const legacy = await createRepositories(t.database.db).store.createQuestion(
      8,
      `我的身份证${ID}，手机${PHONE}，定投怎么开始？`,
      null,
      t.clock.now(),
    );
    const draft = await store(
      'answer_save',
      { question_id: legacy.id, content: '先确定每月可投金额与期限。', submit: true },
      'u1',
    );
    const published = await store('review/decide', { answer_id: draft.json.data.answer_id, decision: 'publish' }, 'u3');
    expect(published.json.data.state).toBe('published');
    const detail = await storeGet('qa_detail', { question_id: String(legacy.id) });
    expect(detail.json.data.question.content).toBe(
      '我的身份证【已隐去身份证号】，手机【已隐去手机号】，定投怎么开始？',
    );
    const list = await storeGet('qa_list', { limit: '50' });
    noFullNumber([detail.json.data, list.json.data]);
    expect(await trail(`question:${legacy.id}`)).toEqual([
      {
        actor: 3,
        subject: `question:${legacy.id}`,
        decision: 'masked',
        reason: 'id_number',
        detail: numbersAt('question', ['id_number', '002X'], ['mobile', '8000']),
      },
    ]);
  });
  test('a question and answer published before the policy show no personal number to any reader', async () => {
    const repos = createRepositories(t.database.db);
    const now = t.clock.now();
    const q = await repos.store.createQuestion(10, `卡号${CARD}被冻结了，基金赎回款去哪了？`, null, now);
    await t.database.db.update(storeQuestions).set({ answeredAt: now }).where(eq(storeQuestions.id, q.id));
    await t.database.db.insert(storeAnswers).values({
      questionId: q.id,
      expertId: 1,
      content: `请拨打客服 ${PHONE} 查询。`,
      state: 'published',
      createdAt: now,
      updatedAt: now,
      publishedAt: now,
    });
    const detail = await storeGet('qa_detail', { question_id: String(q.id) });
    expect(detail.json.data.question.content).toBe('卡号【已隐去银行卡号】被冻结了，基金赎回款去哪了？');
    expect(detail.json.data.answers[0].content).toBe('请拨打客服 【已隐去手机号】 查询。');
    noFullNumber([
      detail.json.data,
      (await storeGet('qa_list', { limit: '50' })).json.data,
      (await storeGet('index')).json.data,
    ]);
  });
});

describe('live leave-messages (read by every viewer of the live)', () => {
  const leave = (content: string) =>
    call('POST', '/chat-group/act/leave-message', {
      body: { num_index: 1, employee_id: 'C0015', real_name: '', content },
      as: 'u15',
    });

  test('a promise is refused; personal numbers are hidden and the message kept; the list shows no number', async () => {
    const promise = await leave(`主播说${PROMISE}吗`);
    expect([promise.status, promise.json.error]).toEqual([400, { code: 180104, message: PROMISE_MESSAGE('留言') }]);
    const numbers = await leave(`请联系我${PHONE}，身份证${ID}，卡${CARD}`);
    expect(numbers.status).toBe(200);
    expect(numbers.json.data.content).toBe('请联系我【已隐去手机号】，身份证【已隐去身份证号】，卡【已隐去银行卡号】');
    const list = await call('POST', '/chat-group/act/leave-message/list', { body: { num_index: 1 } });
    noFullNumber(list.json.data);
    const room = await call('POST', '/chat-room/room/message', { body: { room_id: await liveRoomId(1) } });
    noFullNumber(room.json.data);
    const rows = await trail('leave_message:');
    expect(rows.map((r) => [r.actor, r.subject.replace(/\d+$/, 'N'), r.decision, r.reason])).toEqual([
      [15, 'leave_message:-', 'refused', 'promise_return'],
      [15, 'leave_message:N', 'masked', 'mobile'],
    ]);
    expect(rows[1]!.subject).toBe(`leave_message:${numbers.json.data.id}`);
    noFullNumber(rows);
  });
});

async function liveRoomId(numIndex: number): Promise<string> {
  return (await t.database.db.select({ roomId: lives.roomId }).from(lives).where(eq(lives.id, numIndex)))[0]!.roomId;
}

describe('forwarding assistant, materials and share pages (adviser writes, customers read)', () => {
  test('an article with a promise (title or body) is refused; numbers in it are hidden before storage', async () => {
    const pitch = await mm(t, sid1, 'POST', '/resource/wx-article-transform', {
      html: '<h2>好产品</h2><p>本金有保障，年化8%</p>',
    });
    expect([pitch.status, pitch.body.error]).toEqual([
      400,
      { code: 180104, message: '文章含有保本保收益类承诺用语「本金有保障」，请修改后再提交' },
    ]);
    const title = await mm(t, sid1, 'POST', '/resource/wx-article-transform', {
      html: '<p>市场观察</p>',
      title: '穩賺的機會',
    });
    expect(title.body.error.message).toBe('文章含有保本保收益类承诺用语「稳赚」，请修改后再提交');
    const html = `<h2>开户指南</h2><p>客服电话 <a href="https://example.com/a/${PHONE}">${PHONE}</a>，示例身份证 ${ID}</p>`;
    const made = await mm(t, sid1, 'POST', '/resource/wx-article-transform', { html });
    expect(made.status).toBe(200);
    const stored = (
      await t.database.db.select().from(mktMaterials).where(eq(mktMaterials.id, made.body.data.material_id))
    )[0]!;
    expect(htmlToText(stored.html!)).toContain('客服电话 【已隐去手机号】，示例身份证 【已隐去身份证号】');
    // Markup is untouched: the link still goes where it went.
    expect(stored.html).toContain(`href="https://example.com/a/${PHONE}"`);
    noFullNumber([stored.title, stored.summary, htmlToText(stored.html!)]);
    const rows = await trail('material:');
    expect(rows.map((r) => [r.actor, r.subject.replace(/\d+$/, 'N'), r.decision, r.reason])).toEqual([
      [1, 'material:-', 'refused', 'promise_principal'],
      [1, 'material:-', 'refused', 'promise_return'],
      [1, 'material:N', 'masked', 'mobile'],
    ]);
  });

  test('a material that holds a promise or a number (written before the policy) cannot be sent', async () => {
    const [own] = await t.database.db
      .insert(mktMaterials)
      .values({
        ownerAdviserId: 1,
        kind: 'article',
        project: '我的素材',
        title: '老文章',
        summary: '',
        html: `<p>本基金保\u200b本保息</p>`,
        reviewNo: '',
        validFrom: t.clock.now(),
        validUntil: new Date(t.clock.now().getTime() + 86_400_000 * 30),
        createdAt: t.clock.now(),
      })
      .returning();
    const customers = (await mm(t, sid1, 'GET', '/chance/file/recipients', { fileId: own!.id })).body.data.list.map(
      (r: { customer: { customer_id: number } }) => r.customer.customer_id,
    );
    const forward = (fileId: number) =>
      mm(t, sid1, 'POST', '/chance/file/forward', {
        fileId,
        customer_ids: customers.slice(0, 1),
        channel: 'wecom_chat',
        idempotency_key: `policy-${fileId}-${Date.now()}`,
      });
    const refused = await forward(own!.id);
    expect([refused.status, refused.body.error.message]).toEqual([
      400,
      '素材含有保本保收益类承诺用语「保本」，请修改后再提交',
    ]);
    await t.database.db
      .update(mktMaterials)
      .set({ html: `<p>联系人身份证 ${ID}</p>` })
      .where(eq(mktMaterials.id, own!.id));
    expect((await forward(own!.id)).body.error.message).toBe('请勿在素材中填写身份证号，请删除后再提交');
    expect((await trail(`material:${own!.id}`)).map((r) => [r.decision, r.reason])).toEqual([
      ['refused', 'promise_principal'],
      ['refused', 'id_number'],
    ]);
  });

  test('a share page whose words (from the product master) promise is not made', async () => {
    const [product] = await t.database.db
      .select()
      .from(mktProducts)
      .where(eq(mktProducts.qualifiedOnly, false))
      .limit(1);
    // A customer of u1's the product suits, with a contact left today: the link is made for one person.
    const recipients = await mm(t, sid1, 'GET', `/share/product/recipients?product_id=${product!.id}&limit=50`);
    const to = (
      recipients.body.data.list as Array<{
        customer: { customer_id: number };
        suitability: { ok: boolean };
        budget: { remaining: number };
      }>
    ).find((r) => r.suitability.ok && r.budget.remaining > 0)!.customer.customer_id;
    const before = await mm(t, sid1, 'POST', '/share/product', {
      product_id: product!.id,
      page: 'rate',
      customer_id: to,
    });
    expect(before.status).toBe(200);
    await t.database.db
      .update(mktProducts)
      .set({ name: `${product!.name}（保本型）` })
      .where(eq(mktProducts.id, product!.id));
    const after = await mm(t, sid1, 'POST', '/share/product', {
      product_id: product!.id,
      page: 'rate',
      customer_id: to,
    });
    expect([after.status, after.body.error.message, after.body.data]).toEqual([
      400,
      '分享页含有保本保收益类承诺用语「保本」，请修改后再提交',
      null,
    ]);
    await t.database.db.update(mktProducts).set({ name: product!.name }).where(eq(mktProducts.id, product!.id));
    expect((await trail(`share:${product!.id}`)).map((r) => [r.actor, r.decision, r.reason])).toEqual([
      [1, 'refused', 'promise_principal'],
    ]);
  });
});

describe('names (shown to invitees and beside questions)', () => {
  test('a name that promises is refused at identity verification; digits never make a name', async () => {
    const c = mgmClient(t.app, t.database, t.clock.now);
    const mgmtoken = (await c.call<{ mgmtoken: string }>('/invite/join', {}, { token: await token('u9') })).data!
      .mgmtoken;
    const verify = (realName: string) =>
      c.call('/invite/userBaseInfo', { identity: { realName, idNumber: ID } }, { mgmtoken });
    const promise = await verify('穩賺不賠');
    expect([promise.status, promise.message]).toEqual([
      400,
      '姓名含有保本保收益类承诺用语「稳赚不赔」，请修改后再提交',
    ]);
    expect((await verify(PHONE)).status).toBe(400);
    // The policy reads the name first: a number typed as a name is refused by it (and on the trail) too.
    expect((await trail('member:')).map((r) => [r.actor, r.decision, r.reason])).toEqual([
      [9, 'refused', 'promise_sure_profit'],
      [9, 'refused', 'mobile'],
    ]);
  });
});
