import type { FastifyPluginAsync, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';

import { AuthErrorCode } from '../../../../src/api/contract/auth-constants';
import { maskPhone } from '../../../../src/api/contract/mask';
import { HOLD_LABELS } from '../../../../src/api/contract/policy-holds';
import {
  StoreAnswerSaveRequest,
  StoreArticleDetailQuery,
  StoreArticlePageResponse,
  StoreArticleResponse,
  StoreCoreMemberQuery,
  StoreCoreMemberResponse,
  StoreExpertAnswersQuery,
  StoreExpertListQuery,
  StoreExpertPageResponse,
  StoreExpertQuestionPageResponse,
  StoreExpertQuestionsQuery,
  StoreFollowedViewsQuery,
  StoreFollowRequest,
  StoreFollowResponse,
  StoreFundDetailResponse,
  type StoreIndex,
  StoreIndexResponse,
  StoreMyQuestionListQuery,
  StoreNewsListQuery,
  StorePrivateContractQuery,
  StorePrivateContractResponse,
  type StoreProduct,
  StoreProductDetailQuery,
  StoreProductListQuery,
  StoreProductPageResponse,
  StoreQaDetailQuery,
  StoreQaDetailResponse,
  StoreQaListQuery,
  type StoreQualification,
  StoreQualificationResponse,
  StoreQualifiedConfirmRequest,
  StoreQualifiedDeclineRequest,
  StoreQualifiedDeclineResponse,
  StoreQuestionPageResponse,
  StoreQuestionRequest,
  StoreQuestionResponse,
  StoreReviewDecideRequest,
  StoreReviewItemResponse,
  StoreReviewListQuery,
  StoreReviewPageResponse,
  StoreReviewRoleResponse,
  StoreSignLoginRequest,
  StoreSignLoginResponse,
  StoreThumbsUpRequest,
  StoreThumbsUpResponse,
  StoreTopListQuery,
} from '../../../../src/api/contract/store';
import {
  COOLING_OFF_HOURS,
  QUALIFIED_INVESTOR_RULE,
  STORE_PAGE_DEFAULT,
  StoreErrorCode,
} from '../../../../src/api/contract/store-constants';
import { findPersonalNumbers, maskPersonalNumbers } from '../../../../src/lib/content-policy';
import { ApiError, badRequest, forbidden, notFound, ok, responses } from '../../../http/errors';
import type { TypeBoxProvider } from '../../../http/typebox';
import { riskMatch } from '../../../materials/private-access';
import { maySeePrivateFund, privateViewerOf, visiblePrivateLevels } from '../../../materials/private-visibility';
import { declareQualification, declineQualification } from '../../../materials/qualification';
import { enforce, recordMasked, screen } from '../../../policy/content-policy';
import { settleHold } from '../../../policy/holds';
import type { UserRow } from '../../../repositories/users';
import { answerConflict, FOUR_EYES_REASONS, reviewDecisions } from '../../../security/four-eyes';
import { hasRole, roleGuards } from '../../../security/roles';
import { decryptField } from '../../../security/rsa';
import { tokenFrom } from '../../../security/session';
import type { ServiceDeps, ServiceOptions } from '../../deps';
import { checkedSmsCode, PHONE_REGIONS } from '../auth';
import { badTransition, canTransition, checkAnswer, checkQuestion, TRANSITIONS } from './rules';

const page = (q: { cursor?: string; limit?: number }) => ({ cursor: q.cursor, limit: q.limit ?? STORE_PAGE_DEFAULT });

/** A private fund's performance is promotion: only a confirmed qualified investor is sent its NAV and return. */
const gated = (p: StoreProduct, qualified: boolean): StoreProduct =>
  p.kind === 'private' && !qualified ? { ...p, latest_nav: null, one_year_return: null } : p;

/**
 * The store home as a reader sees it (their own likes when known; a private fund only if they may see it,
 * private-visibility.ts): the endpoint's answer, and what the server renders /shopIndex from for a visitor.
 */
export async function storeIndexFor(deps: ServiceDeps, user: UserRow | null): Promise<StoreIndex> {
  const repo = deps.repos.store;
  const userId = user?.id ?? null;
  const viewer = await privateViewerOf(repo, user);
  const [top, experts, news, products, questions] = await Promise.all([
    repo.articles({ topOnly: true, userId, limit: 5 }),
    repo.experts(undefined, { limit: 8 }, userId),
    repo.articles({ kind: 'news', userId, limit: 5 }),
    repo.products(undefined, { limit: 4 }, visiblePrivateLevels(viewer, deps.now())),
    repo.publicQuestions({ limit: 4 }),
  ]);
  // A list shows a private fund's performance to no one: the detail page is where a qualified reader sees it.
  return {
    top: top.list,
    experts: experts.list,
    news: news.list,
    products: products.list.map((p) => gated(p, false)),
    questions: questions.list,
  };
}

/**
 * The knowledge store, /api/store/* on the live service. Reads are open (a token, if
 * sent, marks the reader's likes); writes act for the token's user only; review is for staff with the
 * reviewer role, and never of one's own answer (four eyes).
 */
export const storePlugin: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const repo = deps.repos.store;
  const signed = deps.signed('basic');
  const { requireUser, requireAdviser } = deps.guards;
  /** A reader who sent a token is known (a bad token still fails loudly); no token: anonymous. */
  const optionalUser: preValidationAsyncHookHandler = async function (this: unknown, request, reply) {
    if (tokenFrom(request.headers)) await requireUser.call(this as never, request, reply);
  };
  const requireReviewer = roleGuards(deps.guards)('reviewer');
  const review = reviewDecisions(deps.repos.compliance, deps.now);
  /** The signed-in expert (an adviser account linked to an expert), or 403. */
  const expertOf = async (request: FastifyRequest) => {
    const expert = await repo.expertForUser(userOf(request).id);
    if (!expert) throw forbidden('只有入驻专家可以回答问题');
    return expert;
  };
  const userOf = (r: FastifyRequest) => r.user as UserRow;
  const uidOf = (r: FastifyRequest) => r.user?.id ?? null;
  const open = [signed, optionalUser];
  const personal = [signed, requireUser];

  app.get(
    '/api/store/index',
    { schema: { response: responses(StoreIndexResponse) }, preValidation: open },
    async (request) => ok(await storeIndexFor(deps, request.user ?? null)),
  );

  app.get(
    '/api/store/article_detail',
    {
      schema: { querystring: StoreArticleDetailQuery, response: responses(StoreArticleResponse) },
      preValidation: open,
    },
    async (request) => {
      const article = await repo.article(request.query.article_id, uidOf(request));
      if (!article) throw notFound('文章不存在或已下线');
      return ok(article);
    },
  );
  app.get(
    '/api/store/top_list',
    { schema: { querystring: StoreTopListQuery, response: responses(StoreArticlePageResponse) }, preValidation: open },
    async (request) => ok(await repo.articles({ topOnly: true, userId: uidOf(request), ...page(request.query) })),
  );
  app.get(
    '/api/store/expert_list',
    {
      schema: { querystring: StoreExpertListQuery, response: responses(StoreExpertPageResponse) },
      preValidation: open,
    },
    async (request) => ok(await repo.experts(request.query.kind, page(request.query), uidOf(request))),
  );
  app.get(
    '/api/store/news_list',
    { schema: { querystring: StoreNewsListQuery, response: responses(StoreArticlePageResponse) }, preValidation: open },
    async (request) =>
      ok(
        await repo.articles({
          kind: request.query.kind,
          authorId: request.query.author_id,
          userId: uidOf(request),
          ...page(request.query),
        }),
      ),
  );
  app.get(
    '/api/store/product_list',
    {
      schema: { querystring: StoreProductListQuery, response: responses(StoreProductPageResponse) },
      preValidation: open,
    },
    async (request) => {
      // A private fund is listed only to a reader who may see it, and by its minimum only.
      const viewer = await privateViewerOf(repo, request.user);
      const levels = visiblePrivateLevels(viewer, deps.now());
      const products = await repo.products(request.query.kind, page(request.query), levels);
      return ok({ ...products, list: products.list.map((p) => gated(p, false)) });
    },
  );
  app.get(
    '/api/store/qa_list',
    { schema: { querystring: StoreQaListQuery, response: responses(StoreQuestionPageResponse) }, preValidation: open },
    async (request) => ok(await repo.publicQuestions(page(request.query))),
  );
  app.get(
    '/api/store/my_question_list',
    {
      schema: { querystring: StoreMyQuestionListQuery, response: responses(StoreQuestionPageResponse) },
      preValidation: personal,
    },
    async (request) => ok(await repo.myQuestions(userOf(request).id, page(request.query))),
  );
  app.get(
    '/api/store/qa_detail',
    { schema: { querystring: StoreQaDetailQuery, response: responses(StoreQaDetailResponse) }, preValidation: open },
    async (request) => {
      const detail = await repo.qaDetail(request.query.question_id, uidOf(request));
      if (!detail) throw notFound('问题不存在或尚未公开');
      return ok(detail);
    },
  );
  app.get(
    '/api/store/core_member',
    {
      schema: { querystring: StoreCoreMemberQuery, response: responses(StoreCoreMemberResponse) },
      preValidation: open,
    },
    async (request) => {
      const member = await repo.expert(request.query.member_id, uidOf(request));
      if (!member) throw notFound('该专家不存在');
      const views = await repo.articles({ authorId: member.id, userId: uidOf(request), limit: 10 });
      return ok({ member, views: views.list });
    },
  );

  app.post(
    '/api/store/sign_login',
    {
      schema: { body: StoreSignLoginRequest, response: responses(StoreSignLoginResponse) },
      preValidation: personal,
      config: { rate: 'signIn' },
    },
    async (request) => {
      const phone = await verifiedPhone(deps, request.body);
      await repo.recordSignIn(userOf(request).id, phone, deps.now());
      const national = phone.split('-')[1] ?? '';
      return ok({ signed: true as const, phone_masked: maskPhone(national) });
    },
  );

  app.post(
    '/api/store/store_question',
    {
      schema: { body: StoreQuestionRequest, response: responses(StoreQuestionResponse) },
      preValidation: personal,
      config: { rate: 'question' },
    },
    async (request) => {
      const me = userOf(request).id;
      const { text, held } = await checkQuestion(deps, request.body.content, me);
      const parentId = request.body.parent_id ?? null;
      if (parentId !== null && !(await repo.qaDetail(parentId, me))) throw notFound('要追问的问题不存在');
      const question = await repo.createQuestion(me, text, parentId, deps.now());
      // Held: stored and shown to the asker as 待合规审核; no answer to it is published before a reviewer approves it.
      const hold = await settleHold(deps, held, text, {
        place: 'question',
        actorId: me,
        subject: `question:${question.id}`,
      });
      return ok({ ...question, hold });
    },
  );

  app.post(
    '/api/store/thumbs_up',
    { schema: { body: StoreThumbsUpRequest, response: responses(StoreThumbsUpResponse) }, preValidation: personal },
    async (request) => {
      const { item_type, item_id, liked } = request.body;
      const exists =
        item_type === 'answer'
          ? (await repo.answer(item_id))?.state === 'published'
          : await repo.articleExists(item_id);
      if (!exists) throw notFound('内容不存在或尚未发布');
      const result = await repo.setLike(userOf(request).id, item_type, item_id, liked, deps.now());
      return ok({ item_type, item_id, ...result });
    },
  );

  // Following an expert: the follower is the token's user; naming the wanted state keeps a retry idempotent.
  app.post(
    '/api/store/follow',
    { schema: { body: StoreFollowRequest, response: responses(StoreFollowResponse) }, preValidation: personal },
    async (request) => {
      const { expert_id, followed } = request.body;
      if (!(await repo.expert(expert_id))) throw notFound('该专家不存在');
      return ok({ expert_id, ...(await repo.setFollow(userOf(request).id, expert_id, followed, deps.now())) });
    },
  );
  app.get(
    '/api/store/followed_views',
    {
      schema: { querystring: StoreFollowedViewsQuery, response: responses(StoreArticlePageResponse) },
      preValidation: personal,
    },
    async (request) => {
      const userId = userOf(request).id;
      return ok(await repo.articles({ followedBy: userId, userId, ...page(request.query) }));
    },
  );

  app.get(
    '/api/store/product_detail',
    {
      schema: { querystring: StoreProductDetailQuery, response: responses(StoreFundDetailResponse) },
      preValidation: open,
    },
    async (request) => {
      const base = await visibleProduct(request.query.product_id, request.user);
      if (!base) throw notFound('产品不存在');
      // A private fund's performance is promotion: only for a confirmed qualified investor whose assessed level matches.
      const access =
        base.kind === 'public' || (request.user ? (await privateAccess(request.user.id, base)).open : false);
      const detail = (await repo.fundDetail(base.id, access))!;
      return ok({ ...detail, product: gated(detail.product, access) });
    },
  );

  const qualificationOf = async (userId: number): Promise<StoreQualification> => {
    const q = await repo.qualification(userId);
    return q
      ? { confirmed: true, confirmed_at: q.confirmedAt.getTime(), basis: q.basis, declared_amount: q.declaredAmount }
      : { confirmed: false, confirmed_at: null, basis: null, declared_amount: null };
  };
  /** Both tests, each the server's: the recorded qualification and the assessed level against the master's. */
  const privateAccess = async (userId: number, product: StoreProduct) => {
    const [qualification, customer] = await Promise.all([qualificationOf(userId), repo.customerOf(userId)]);
    const match = riskMatch(
      customer && { riskLevel: customer.riskLevel, riskExpiresAt: customer.riskExpiresAt },
      product.risk_level,
      deps.now(),
    );
    return { qualification, match, customer, open: qualification.confirmed && match.status === 'matched' };
  };
  /**
   * A product as this reader may see it: a private fund the reader may not see is answered exactly like a
   * product that does not exist, so an id reveals nothing of it (private-visibility.ts).
   */
  const visibleProduct = async (id: number, user: UserRow | null | undefined) => {
    const found = await repo.privateLevelOf(id);
    if (!found) return null;
    if (found.privateLevel !== null) {
      const viewer = await privateViewerOf(repo, user);
      if (!maySeePrivateFund(viewer, found.privateLevel, deps.now())) return null;
    }
    return repo.product(id);
  };
  const privateProduct = async (id: number) => {
    const product = await repo.product(id);
    if (!product || product.kind !== 'private') throw notFound('私募产品不存在');
    return { product, master: (await repo.masterOf(product.code))! };
  };
  app.get(
    '/api/store/qualified_status',
    { schema: { response: responses(StoreQualificationResponse) }, preValidation: personal },
    async (request) => ok(await qualificationOf(userOf(request).id)),
  );
  app.post(
    '/api/store/qualified_confirm',
    {
      schema: { body: StoreQualifiedConfirmRequest, response: responses(StoreQualificationResponse) },
      preValidation: personal,
    },
    async (request) => {
      const { product, master } = await privateProduct(request.body.product_id);
      const user = userOf(request);
      const { basis, amount } = request.body;
      await declareQualification(
        deps,
        user.id,
        { basis, amount },
        { subject: `store_product:${product.id}`, storeProductId: product.id, masterProductId: master.id },
      );
      return ok(await qualificationOf(user.id));
    },
  );
  app.post(
    '/api/store/qualified_decline',
    {
      schema: { body: StoreQualifiedDeclineRequest, response: responses(StoreQualifiedDeclineResponse) },
      preValidation: personal,
    },
    async (request) => {
      const { product, master } = await privateProduct(request.body.product_id);
      await declineQualification(deps, userOf(request).id, {
        subject: `store_product:${product.id}`,
        storeProductId: product.id,
        masterProductId: master.id,
      });
      return ok({ recorded: true });
    },
  );
  app.get(
    '/api/store/private_contract',
    {
      schema: { querystring: StorePrivateContractQuery, response: responses(StorePrivateContractResponse) },
      preValidation: personal,
    },
    async (request) => {
      const { product: fund } = await privateProduct(request.query.product_id);
      // The page is the qualified-investor step itself: a reader who may not see the fund yet is asked to
      // declare and told how their level compares, but is sent nothing that names or describes the fund.
      const product = (await visibleProduct(fund.id, userOf(request))) ? fund : anonymousPrivateFund(fund);
      const access = await privateAccess(userOf(request).id, product);
      const m = access.match;
      const risk_match = {
        status: m.status,
        customer_level: m.customerLevel,
        expires_at: m.expiresAt?.getTime() ?? null,
        product_level: m.productLevel,
        message: m.message,
      };
      // Nothing of the contract leaves before the confirmation is on record and the assessed level matches this product's.
      return ok({
        product: gated(product, access.open),
        qualification: access.qualification,
        risk_match,
        contract: access.open ? contractFor(product.name) : null,
      });
    },
  );

  // ---- Answers (experts' staff accounts) and the compliance review ----
  app.get(
    '/api/store/review/role',
    { schema: { response: responses(StoreReviewRoleResponse) }, preValidation: personal },
    async (request) => {
      const user = userOf(request);
      const expert = user.role === 'adviser' ? await repo.expertForUser(user.id) : null;
      return ok({ reviewer: hasRole(user, 'reviewer'), expert_id: expert?.id ?? null });
    },
  );

  app.get(
    '/api/store/expert/questions',
    {
      schema: { querystring: StoreExpertQuestionsQuery, response: responses(StoreExpertQuestionPageResponse) },
      preValidation: [signed, requireAdviser],
    },
    async (request) => ok(await repo.expertQuestions((await expertOf(request)).id, page(request.query))),
  );
  app.get(
    '/api/store/expert/answers',
    {
      schema: { querystring: StoreExpertAnswersQuery, response: responses(StoreReviewPageResponse) },
      preValidation: [signed, requireAdviser],
    },
    async (request) =>
      ok(await repo.expertAnswers((await expertOf(request)).id, request.query.state, page(request.query))),
  );

  app.post(
    '/api/store/answer_save',
    {
      schema: { body: StoreAnswerSaveRequest, response: responses(StoreReviewItemResponse) },
      preValidation: [signed, requireAdviser],
    },
    async (request) => {
      const user = userOf(request);
      const expert = await expertOf(request);
      const { question_id, answer_id, content, submit } = request.body;
      if (!(await repo.questionRow(question_id))) throw notFound('问题不存在');
      const text = content.trim();
      // A draft is the expert's own; what goes to review (and so towards the public) meets the policy.
      const held = submit
        ? await checkAnswer(deps, text, user.id, answer_id ? `answer:${answer_id}` : `question:${question_id}`)
        : null;
      const now = deps.now();
      let answer = answer_id
        ? await repo.answer(answer_id)
        : await repo.insertAnswer({ questionId: question_id, expertId: expert.id, content: text, now });
      if (!answer || answer.questionId !== question_id) throw notFound('回答不存在');
      if (answer.expertId !== expert.id) throw forbidden('只能修改自己的回答');
      const action = submit ? 'submit' : 'save';
      if (!canTransition(action, answer.state)) throw badTransition(action, answer.state);
      const { from, to } = TRANSITIONS[action];
      answer = await repo.transition({
        answerId: answer.id,
        from: [...from],
        to,
        content: text,
        reason: null,
        userId: user.id,
        actorName: expert.name,
        now,
      });
      if (!answer) throw new ApiError(409, 180105, '回答状态已变化，请刷新后重试');
      // Held (待合规审核): the reviewer's publish is its approval, by someone other than the expert as always.
      if (submit)
        await settleHold(deps, held, text, { place: 'answer', actorId: user.id, subject: `answer:${answer.id}` });
      return ok((await repo.reviewItem(answer.id))!);
    },
  );

  app.get(
    '/api/store/review/answers',
    {
      schema: { querystring: StoreReviewListQuery, response: responses(StoreReviewPageResponse) },
      preValidation: [signed, requireReviewer],
    },
    async (request) => {
      const found = await repo.reviewList(request.query.state ?? 'in_review', page(request.query));
      const authors = await repo.expertUsers(found.list.map((a) => a.expert.id));
      const me = userOf(request).id;
      // Shown, not hidden: the reviewer sees what waits for a colleague, and why.
      return ok({
        ...found,
        list: found.list.map((a) => {
          const conflict = answerConflict(me, authors.get(a.expert.id) ?? null);
          return { ...a, four_eyes: conflict ? FOUR_EYES_REASONS[conflict] : null };
        }),
      });
    },
  );

  app.post(
    '/api/store/review/decide',
    {
      schema: { body: StoreReviewDecideRequest, response: responses(StoreReviewItemResponse) },
      preValidation: personal,
    },
    async (request) => {
      const { answer_id, decision, reason } = request.body;
      const audit = { subject: `answer:${answer_id}`, action: decision };
      await review.requireReviewer(request, audit);
      const why = reason?.trim() ?? '';
      if (decision === 'return' && !why) throw badRequest('退回时请填写原因');
      const answer = await repo.answer(answer_id);
      if (!answer) throw notFound('回答不存在');
      const author = (await repo.expertUsers([answer.expertId])).get(answer.expertId) ?? null;
      const decided = {
        ...audit,
        adviserId: author,
        detail: { questionId: answer.questionId, expertId: answer.expertId },
      };
      await review.refuseConflict(request, decided, answerConflict(userOf(request).id, author));
      if (!canTransition(decision, answer.state)) throw badTransition(decision, answer.state);
      const user = userOf(request);
      // Review is the last gate: the policy runs again on the answer and on the question it makes public.
      if (decision === 'publish') await checkPublish(deps, answer, user.id);
      const moved = await repo.transition({
        answerId: answer.id,
        from: ['in_review'],
        to: TRANSITIONS[decision].to,
        reason: decision === 'return' ? why : null,
        userId: user.id,
        actorName: user.realName,
        now: deps.now(),
      });
      if (!moved) throw new ApiError(409, 180105, '该回答已被其他审核人员处理');
      // A held answer: publishing approves it, returning rejects it with the reviewer's words.
      const answerHold = await deps.repos.holds.bySubject(`answer:${answer.id}`);
      if (answerHold?.status === 'held')
        await deps.repos.holds.decide(
          answerHold.id,
          decision === 'publish' ? 'approved' : 'rejected',
          user.id,
          decision === 'return' ? why : null,
          deps.now(),
        );
      await review.allowed(
        request,
        decided,
        decision === 'publish' ? 'published' : 'returned',
        decision === 'return' ? why : null,
      );
      return ok((await repo.reviewItem(answer.id))!);
    },
  );
};

/**
 * Publishing makes the question public with its answer: the answer must pass (held words in it are
 * what this review approves), the question must not be held or rejected, and a question stored before
 * the policy existed has its personal numbers hidden (a promise in it stops the publication). The
 * classifier's verdict is the only decision on the question's words.
 */
async function checkPublish(
  deps: ServiceDeps,
  answer: { id: number; questionId: number; content: string },
  reviewerId: number,
): Promise<void> {
  await checkAnswer(deps, answer.content, reviewerId, `answer:${answer.id}`);
  const question = await deps.repos.store.questionRow(answer.questionId);
  if (!question) return;
  const subject = `question:${question.id}`;
  const verdict = screen(question.content, 'question');
  // A promise in the question: refused (and on the trail) like any other write of it.
  if (verdict.kind === 'refused' && !('tail' in verdict.hit))
    await enforce(deps, question.content, { place: 'question', actorId: reviewerId, subject });
  let hold = await deps.repos.holds.bySubject(subject);
  // A question stored before holds existed that the policy would hold now: held for a reviewer, like a new one.
  if (!hold && verdict.kind === 'ok' && verdict.held) {
    await settleHold(deps, verdict.held, question.content, { place: 'question', actorId: question.userId, subject });
    hold = await deps.repos.holds.bySubject(subject);
  }
  if (hold && hold.status !== 'approved')
    throw new ApiError(
      400,
      StoreErrorCode.held,
      hold.status === 'held'
        ? `该提问${HOLD_LABELS.held}（${hold.message}），请先在审核台「待审内容」中处理`
        : '该提问未通过合规审核，不能公开回答',
    );
  const numbers = findPersonalNumbers(question.content);
  if (numbers.length === 0) return;
  await deps.repos.store.replaceQuestionContent(question.id, maskPersonalNumbers(question.content, numbers));
  await recordMasked(
    deps,
    numbers.map((h) => ({ rule: h.rule, tail: h.tail })),
    { place: 'question', actorId: reviewerId, subject },
  );
}

/** Phone and SMS code checked by the one SMS rule of every sign-in (5 minutes, 5 tries counted atomically, single use). */
async function verifiedPhone(
  deps: ServiceDeps,
  body: { region: string; phone: string; code: string },
): Promise<string> {
  const bad = (code: number, message: string) => new ApiError(400, code, message);
  const now = deps.now();
  const keys = (await deps.repos.auth.rsaKeys(now)).map((k) => k.privateKey);
  const national = decryptField(body.phone, keys);
  const code = decryptField(body.code, keys);
  if (national === null || code === null) throw bad(AuthErrorCode.decryptFailed, '加密信息无效，请刷新页面后重试');
  const region = PHONE_REGIONS.find((r) => r.code === body.region);
  if (!region || !/^\d+$/.test(national) || national.length < region.minLength || national.length > region.maxLength) {
    throw bad(AuthErrorCode.phoneInvalid, '请输入正确的手机号');
  }
  const phone = `${body.region}-${national}`;
  const sms = await checkedSmsCode(deps, phone, code, now);
  if (!(await deps.repos.auth.useSmsCode(sms.id, now)))
    throw bad(AuthErrorCode.smsCodeExpired, '验证码已失效，请重新获取');
  return phone;
}

/**
 * A private fund as the qualified-investor step shows it to a reader who may not see it yet: its level (the
 * match is against it) and nothing else of it, neither name, code, highlight nor performance.
 */
function anonymousPrivateFund(p: StoreProduct): StoreProduct {
  return {
    ...p,
    code: '',
    name: '私募基金',
    category: '私募基金',
    latest_nav: null,
    one_year_return: null,
    yield_7d: null,
    highlight: '',
  };
}

function contractFor(productName: string) {
  return {
    title: `${productName}基金合同`,
    cooling_off_hours: COOLING_OFF_HOURS,
    sections: [
      {
        heading: '第一节 合格投资者',
        body: `本基金仅向合格投资者募集。合格投资者指${QUALIFIED_INVESTOR_RULE}的个人，且风险识别能力和承担能力与本基金风险等级相匹配。`,
      },
      {
        heading: '第二节 投资冷静期',
        body: `投资者签署本合同并缴纳认购款后，享有${COOLING_OFF_HOURS}小时的投资冷静期。冷静期内投资者可以解除合同，管理人将全额退还认购款。冷静期内管理人不得主动联系投资者。`,
      },
      {
        heading: '第三节 风险揭示',
        body: '私募基金投资可能面临市场风险、流动性风险、管理风险与本金损失风险。基金管理人不保证基金财产一定盈利，也不保证最低收益。',
      },
      {
        heading: '第四节 回访确认',
        body: '冷静期满后，管理人将以录音电话或邮件方式进行回访，回访成功前投资者仍可解除合同。',
      },
      {
        heading: '第五节 费用与收益分配',
        body: '认购费、管理费、业绩报酬依产品要素表收取，收益分配以基金份额净值为基础。',
      },
    ],
  };
}
