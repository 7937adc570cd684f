import { and, asc, desc, eq, inArray, isNotNull, ne, not, or, type SQL, sql } from 'drizzle-orm';

import { ID_MAX } from '../../../src/api/contract/id';
import { maskName } from '../../../src/api/contract/mask';
import { FUND_DISCLOSURES, type ProductRiskLevel } from '../../../src/api/contract/product-risk-constants';
import type {
  StoreAnswer,
  StoreArticle,
  StoreExpert,
  StoreExpertQuestion,
  StoreFundDetail,
  StoreProduct,
  StoreQuestion,
  StoreReviewItem,
} from '../../../src/api/contract/store';
import { type AnswerState, type LikeItemType } from '../../../src/api/contract/store-constants';
import { maskPersonalNumbers } from '../../../src/lib/content-policy';
import type { Db } from '../../db/client';
import { mktCustomers, mktProductNavs, mktProducts, policyHolds, users } from '../../db/schema';
import {
  storeAnswerReviews,
  storeAnswers,
  storeArticles,
  storeExperts,
  storeLikes,
  storeNavs,
  storeProducts,
  storeQualifications,
  storeQuestions,
  storeSignIns,
} from '../../db/schema-store';
import { markOf } from '../policy-holds';
import { createStoreFollows, followedBy, followedExpertIds, followersOf } from './follows';

/** An opaque cursor "<epoch ms>_<id>" (or "<id>" for id-ordered lists): the last row's keys. */
export function encodeCursor(ms: number, id: number): string {
  return `${ms}_${id}`;
}
export function decodeCursor(cursor: string | undefined): { ms: number; id: number } | null {
  const m = cursor ? /^(\d{1,15})_(\d{1,10})$/.exec(cursor) : null;
  return m ? { ms: Number(m[1]), id: Math.min(Number(m[2]), ID_MAX) } : null;
}
const iso = (ms: number) => new Date(ms).toISOString();

export interface PageArgs {
  cursor?: string;
  limit: number;
}
export interface Paged<T> {
  list: T[];
  next_cursor: string | null;
}

function paged<T, R>(rows: R[], limit: number, map: (r: R) => T, key: (r: R) => [number, number]): Paged<T> {
  const more = rows.length > limit;
  const kept = rows.slice(0, limit);
  const last = kept[kept.length - 1];
  return { list: kept.map(map), next_cursor: more && last ? encodeCursor(...key(last)) : null };
}

const mask = (name: string) => maskName(name) || '匿名';
const likesOf = (type: LikeItemType, id: SQL | typeof storeArticles.id) =>
  sql<number>`(select count(*) from ${storeLikes} where ${storeLikes.itemType} = ${type} and ${storeLikes.itemId} = ${id})`.mapWith(
    Number,
  );
const likedBy = (type: LikeItemType, id: SQL | typeof storeArticles.id, userId: number | null) =>
  userId === null
    ? sql<boolean>`false`
    : sql<boolean>`exists(select 1 from ${storeLikes} where ${storeLikes.itemType} = ${type} and ${storeLikes.itemId} = ${id} and ${storeLikes.userId} = ${userId})`.mapWith(
        Boolean,
      );

/**
 * The outer row's id, written out with its table: in a one-table select drizzle prints columns
 * without their table, and inside a subquery a bare "id" means the subquery's own table.
 */
const outer = (table: string) => sql`${sql.identifier(table)}.${sql.identifier('id')}`;
const expertRef = outer('store_experts');
const productRef = outer('store_products');

type ExpertRow = typeof storeExperts.$inferSelect;
export type AnswerRow = typeof storeAnswers.$inferSelect;

export function createStoreRepository(db: Db) {
  type ExpertSelected = { e: ExpertRow; n: number; followers: number; followed: boolean };
  const expertOut = (r: ExpertSelected): StoreExpert => ({
    id: r.e.id,
    kind: r.e.kind,
    name: r.e.name,
    avatar: r.e.avatar,
    title: r.e.title,
    organization: r.e.organization,
    certificate_no: r.e.certificateNo,
    bio: r.e.bio,
    tags: r.e.tags,
    article_count: r.n,
    followers: r.followers,
    followed: Boolean(r.followed),
  });
  const articleCount =
    sql<number>`(select count(*) from ${storeArticles} where ${storeArticles.authorId} = ${expertRef})`.mapWith(Number);
  const expertSelect = (userId: number | null) => ({
    e: storeExperts,
    n: articleCount,
    followers: followersOf(expertRef),
    followed: followedBy(expertRef, userId),
  });

  async function articles(where: SQL | undefined, page: PageArgs, userId: number | null): Promise<Paged<StoreArticle>> {
    const c = decodeCursor(page.cursor);
    const rows = await db
      .select({
        a: storeArticles,
        e: storeExperts,
        likes: likesOf('article', storeArticles.id),
        liked: likedBy('article', storeArticles.id, userId),
      })
      .from(storeArticles)
      .leftJoin(storeExperts, eq(storeExperts.id, storeArticles.authorId))
      .where(
        and(
          where,
          c
            ? sql`(${storeArticles.publishedAt}, ${storeArticles.id}) < (${iso(c.ms)}::timestamptz, ${c.id})`
            : undefined,
        ),
      )
      .orderBy(desc(storeArticles.publishedAt), desc(storeArticles.id))
      .limit(page.limit + 1);
    return paged(
      rows,
      page.limit,
      (r): StoreArticle => ({
        id: r.a.id,
        kind: r.a.kind,
        title: r.a.title,
        summary: r.a.summary,
        cover: r.a.cover,
        content_html: r.a.contentHtml,
        source: r.a.source,
        author: r.e ? { id: r.e.id, name: r.e.name, certificate_no: r.e.certificateNo } : null,
        published_at: r.a.publishedAt.getTime(),
        likes: r.likes,
        liked: Boolean(r.liked),
        is_top: r.a.isTop,
      }),
      (r) => [r.a.publishedAt.getTime(), r.a.id],
    );
  }

  async function experts(
    kind: 'expert' | 'core' | 'followed' | undefined,
    page: PageArgs,
    userId: number | null = null,
  ): Promise<Paged<StoreExpert>> {
    if (kind === 'followed' && userId === null) return { list: [], next_cursor: null };
    const after =
      page.cursor && /^\d{1,10}$/.test(page.cursor) ? Number(page.cursor) : (decodeCursor(page.cursor)?.id ?? 0);
    const rows = await db
      .select(expertSelect(userId))
      .from(storeExperts)
      .where(
        and(
          kind === 'followed'
            ? sql`${storeExperts.id} in ${followedExpertIds(userId!)}`
            : kind
              ? eq(storeExperts.kind, kind)
              : undefined,
          sql`${storeExperts.id} > ${after}`,
        ),
      )
      .orderBy(asc(storeExperts.id))
      .limit(page.limit + 1);
    return paged(rows, page.limit, expertOut, (r) => [0, r.e.id]);
  }

  const latestNav =
    sql<number>`(select ${storeNavs.nav} from ${storeNavs} where ${storeNavs.productId} = ${productRef} order by ${storeNavs.day} desc limit 1)`.mapWith(
      Number,
    );
  const latestDay = sql<string>`(select max(${storeNavs.day}) from ${storeNavs} where ${storeNavs.productId} = ${productRef})`;
  const yearAgoNav =
    sql<number>`(select ${storeNavs.nav} from ${storeNavs} where ${storeNavs.productId} = ${productRef} and ${storeNavs.day} <= (select max(${storeNavs.day}) - interval '365 days' from ${storeNavs} where ${storeNavs.productId} = ${productRef}) order by ${storeNavs.day} desc limit 1)`.mapWith(
      Number,
    );
  const firstNav =
    sql<number>`(select ${storeNavs.nav} from ${storeNavs} where ${storeNavs.productId} = ${productRef} order by ${storeNavs.day} asc limit 1)`.mapWith(
      Number,
    );
  // A money fund's latest 7-day yield, from the product master's daily figures (joined by code).
  const latestYield = sql<
    number | null
  >`(select ${mktProductNavs.yield7d} from ${mktProductNavs} where ${mktProductNavs.productId} = ${mktProducts.id} and ${mktProducts.kind} = 'money_fund' order by ${mktProductNavs.day} desc limit 1)`;
  type ProductRow = {
    p: typeof storeProducts.$inferSelect;
    risk: StoreProduct['risk_level'];
    yield7d: number | string | null;
    nav: number;
    day: string | Date | null;
    ago: number | null;
    first: number;
  };
  const productOut = (r: ProductRow): StoreProduct => {
    const from = r.ago || r.first || 1;
    return {
      id: r.p.id,
      kind: r.p.kind,
      code: r.p.code,
      name: r.p.name,
      category: r.p.category,
      risk_level: r.risk,
      latest_nav: r.nav ?? 1,
      nav_date: r.day ? new Date(r.day).getTime() : r.p.launchDate.getTime(),
      // A money fund's NAV is 1.0000 every day: its return is its yield, not a change of NAV.
      one_year_return: r.yield7d !== null ? null : Math.round(((r.nav ?? from) / from - 1) * 10000) / 100,
      yield_7d: r.yield7d === null ? null : Number(r.yield7d),
      min_purchase: r.p.minPurchase,
      highlight: r.p.highlight,
    };
  };
  // The risk level is the product master's, joined by code (store_products keeps none of its own).
  const productSelect = {
    p: storeProducts,
    risk: mktProducts.riskLevel,
    nav: latestNav,
    day: latestDay,
    ago: yearAgoNav,
    first: firstNav,
    yield7d: latestYield,
  };

  /** A private fund by any of its records: the store's kind, or the product master's kind or qualified-only flag. */
  const isPrivateFund = sql`(${storeProducts.kind} = 'private' or ${mktProducts.kind} = 'private_fund' or ${mktProducts.qualifiedOnly})`;

  /**
   * A page of the store's products, private funds only of the levels named (private-visibility.ts decides
   * which a viewer may see; empty: none), so a page, its cursor and its length reveal nothing of the others.
   */
  async function products(
    kind: 'public' | 'private' | undefined,
    page: PageArgs,
    privateLevels: readonly ProductRiskLevel[],
  ): Promise<Paged<StoreProduct>> {
    const after = decodeCursor(page.cursor)?.id ?? 0;
    const visible = privateLevels.length
      ? or(not(isPrivateFund), inArray(mktProducts.riskLevel, [...privateLevels]))
      : not(isPrivateFund);
    const rows = await db
      .select(productSelect)
      .from(storeProducts)
      .innerJoin(mktProducts, eq(mktProducts.code, storeProducts.code))
      .where(and(kind ? eq(storeProducts.kind, kind) : undefined, visible, sql`${storeProducts.id} > ${after}`))
      .orderBy(asc(storeProducts.id))
      .limit(page.limit + 1);
    return paged(rows as ProductRow[], page.limit, productOut, (r) => [0, r.p.id]);
  }

  async function product(id: number): Promise<StoreProduct | null> {
    const [row] = await db
      .select(productSelect)
      .from(storeProducts)
      .innerJoin(mktProducts, eq(mktProducts.code, storeProducts.code))
      .where(eq(storeProducts.id, id));
    return row ? productOut(row as ProductRow) : null;
  }

  /**
   * Whether a store product is a private fund, and of which (master) level: what private-visibility.ts
   * needs to decide if a viewer may see it. Null: no such product.
   */
  async function privateLevelOf(id: number): Promise<{ privateLevel: ProductRiskLevel | null } | null> {
    const [row] = await db
      .select({ level: mktProducts.riskLevel, isPrivate: sql<boolean>`${isPrivateFund}` })
      .from(storeProducts)
      .innerJoin(mktProducts, eq(mktProducts.code, storeProducts.code))
      .where(eq(storeProducts.id, id));
    return row ? { privateLevel: row.isPrivate ? row.level : null } : null;
  }

  /**
   * Questions with their published-answer summary; state follows publication. Personal numbers are
   * hidden on the way out too: rows stored before the content policy never show one to a reader.
   */
  /** The holds that still keep these subjects from the public, by subject (docs/compliance.md, the held queue). */
  async function pendingHolds(subjects: string[]) {
    if (!subjects.length) return new Map<string, typeof policyHolds.$inferSelect>();
    const rows = await db
      .select()
      .from(policyHolds)
      .where(and(inArray(policyHolds.subject, subjects), ne(policyHolds.status, 'approved')));
    return new Map(rows.map((r) => [r.subject, r]));
  }

  async function questionsOut(
    rows: Array<typeof storeQuestions.$inferSelect & { asker: string }>,
  ): Promise<StoreQuestion[]> {
    const ids = rows.map((r) => r.id);
    const published = ids.length
      ? await db
          .select({ questionId: storeAnswers.questionId, content: storeAnswers.content, name: storeExperts.name })
          .from(storeAnswers)
          .innerJoin(storeExperts, eq(storeExperts.id, storeAnswers.expertId))
          .where(and(inArray(storeAnswers.questionId, ids), eq(storeAnswers.state, 'published')))
          .orderBy(asc(storeAnswers.publishedAt), asc(storeAnswers.id))
      : [];
    const holds = await pendingHolds(ids.map((id) => `question:${id}`));
    return rows.map((q) => {
      const mine = published.filter((a) => a.questionId === q.id);
      const top = mine[0];
      return {
        id: q.id,
        content: maskPersonalNumbers(q.content),
        asker: mask(q.asker),
        asked_at: q.createdAt.getTime(),
        parent_id: q.parentId,
        state: q.answeredAt ? 'answered' : 'in_review',
        answer_count: mine.length,
        top_answer: top ? { expert_name: top.name, excerpt: maskPersonalNumbers(top.content).slice(0, 60) } : null,
        hold: markOf(holds.get(`question:${q.id}`)),
      };
    });
  }
  const questionCols = { ...getColumns(), asker: users.realName };
  function getColumns() {
    return {
      id: storeQuestions.id,
      userId: storeQuestions.userId,
      content: storeQuestions.content,
      parentId: storeQuestions.parentId,
      createdAt: storeQuestions.createdAt,
      answeredAt: storeQuestions.answeredAt,
    };
  }

  async function answersOf(questionIds: number[], userId: number | null): Promise<Map<number, StoreAnswer[]>> {
    const out = new Map<number, StoreAnswer[]>();
    if (!questionIds.length) return out;
    const rows = await db
      .select({
        a: storeAnswers,
        e: storeExperts,
        likes: likesOf('answer', sql`${storeAnswers.id}`),
        liked: likedBy('answer', sql`${storeAnswers.id}`, userId),
      })
      .from(storeAnswers)
      .innerJoin(storeExperts, eq(storeExperts.id, storeAnswers.expertId))
      .where(and(inArray(storeAnswers.questionId, questionIds), eq(storeAnswers.state, 'published')))
      .orderBy(asc(storeAnswers.publishedAt), asc(storeAnswers.id));
    for (const r of rows) {
      const list = out.get(r.a.questionId) ?? [];
      list.push({
        id: r.a.id,
        content: maskPersonalNumbers(r.a.content),
        published_at: r.a.publishedAt!.getTime(),
        likes: r.likes,
        liked: Boolean(r.liked),
        expert: { id: r.e.id, name: r.e.name, avatar: r.e.avatar, title: r.e.title, certificate_no: r.e.certificateNo },
      });
      out.set(r.a.questionId, list);
    }
    return out;
  }

  async function reviewItems(where: SQL | undefined, page: PageArgs): Promise<Paged<StoreReviewItem>> {
    const c = decodeCursor(page.cursor);
    const rows = await db
      .select({ a: storeAnswers, e: storeExperts, q: storeQuestions })
      .from(storeAnswers)
      .innerJoin(storeExperts, eq(storeExperts.id, storeAnswers.expertId))
      .innerJoin(storeQuestions, eq(storeQuestions.id, storeAnswers.questionId))
      .where(
        and(
          where,
          c ? sql`(${storeAnswers.updatedAt}, ${storeAnswers.id}) < (${iso(c.ms)}::timestamptz, ${c.id})` : undefined,
        ),
      )
      .orderBy(desc(storeAnswers.updatedAt), desc(storeAnswers.id))
      .limit(page.limit + 1);
    const ids = rows.map((r) => r.a.id);
    const holds = await pendingHolds(ids.map((id) => `answer:${id}`));
    const history = ids.length
      ? await db
          .select()
          .from(storeAnswerReviews)
          .where(inArray(storeAnswerReviews.answerId, ids))
          .orderBy(asc(storeAnswerReviews.at), asc(storeAnswerReviews.id))
      : [];
    return paged(
      rows,
      page.limit,
      (r): StoreReviewItem => ({
        answer_id: r.a.id,
        state: r.a.state,
        content: r.a.content,
        return_reason: r.a.returnReason,
        updated_at: r.a.updatedAt.getTime(),
        expert: { id: r.e.id, name: r.e.name, certificate_no: r.e.certificateNo },
        question: { id: r.q.id, content: r.q.content },
        hold: markOf(holds.get(`answer:${r.a.id}`)),
        history: history
          .filter((h) => h.answerId === r.a.id)
          .map((h) => ({
            from_state: h.fromState as AnswerState,
            to_state: h.toState as AnswerState,
            reason: h.reason,
            by: h.actorName,
            at: h.at.getTime(),
          })),
      }),
      (r) => [r.a.updatedAt.getTime(), r.a.id],
    );
  }

  return {
    /** Articles, newest first; `followedBy`: only those by experts that user follows. */
    articles: (
      args: {
        kind?: 'news' | 'view';
        authorId?: number;
        topOnly?: boolean;
        followedBy?: number;
        userId: number | null;
      } & PageArgs,
    ) =>
      articles(
        and(
          args.kind ? eq(storeArticles.kind, args.kind) : undefined,
          args.authorId ? eq(storeArticles.authorId, args.authorId) : undefined,
          args.topOnly ? eq(storeArticles.isTop, true) : undefined,
          args.followedBy !== undefined
            ? inArray(storeArticles.authorId, followedExpertIds(args.followedBy))
            : undefined,
        ),
        args,
        args.userId,
      ),
    /** One article as a list shows it (likes, the reader's own like), or null. */
    article: async (id: number, userId: number | null): Promise<StoreArticle | null> =>
      (await articles(eq(storeArticles.id, id), { limit: 1 }, userId)).list[0] ?? null,
    articleExists: async (id: number) =>
      (await db.select({ id: storeArticles.id }).from(storeArticles).where(eq(storeArticles.id, id))).length > 0,
    experts,
    async expert(id: number, userId: number | null = null): Promise<StoreExpert | null> {
      const [r] = await db.select(expertSelect(userId)).from(storeExperts).where(eq(storeExperts.id, id));
      return r ? expertOut(r) : null;
    },
    ...createStoreFollows(db),
    async expertForUser(userId: number): Promise<ExpertRow | null> {
      const [r] = await db.select().from(storeExperts).where(eq(storeExperts.userId, userId)).limit(1);
      return r ?? null;
    },
    /** The staff accounts that write for these experts (the authors the four-eyes rule keeps from reviewing themselves). */
    async expertUsers(expertIds: readonly number[]): Promise<Map<number, number | null>> {
      if (!expertIds.length) return new Map();
      const rows = await db
        .select({ id: storeExperts.id, userId: storeExperts.userId })
        .from(storeExperts)
        .where(inArray(storeExperts.id, [...new Set(expertIds)]));
      return new Map(rows.map((r) => [r.id, r.userId]));
    },
    /**
     * An expert's inbox: questions still waiting for a published answer, and any on which this
     * expert has a draft or a returned answer to rewrite, newest first, each with that answer.
     */
    async expertQuestions(expertId: number, page: PageArgs): Promise<Paged<StoreExpertQuestion>> {
      const c = decodeCursor(page.cursor);
      const mineOpen = sql`exists (select 1 from ${storeAnswers} where ${storeAnswers.questionId} = ${storeQuestions.id} and ${storeAnswers.expertId} = ${expertId} and ${storeAnswers.state} in ('draft', 'returned'))`;
      const rows = await db
        .select(questionCols)
        .from(storeQuestions)
        .innerJoin(users, eq(users.id, storeQuestions.userId))
        .where(
          and(
            sql`(${storeQuestions.answeredAt} is null or ${mineOpen})`,
            c
              ? sql`(${storeQuestions.createdAt}, ${storeQuestions.id}) < (${iso(c.ms)}::timestamptz, ${c.id})`
              : undefined,
          ),
        )
        .orderBy(desc(storeQuestions.createdAt), desc(storeQuestions.id))
        .limit(page.limit + 1);
      const kept = rows.slice(0, page.limit);
      const ids = kept.map((q) => q.id);
      const latest = ids.length
        ? await db
            .select({ id: storeAnswers.id, questionId: storeAnswers.questionId })
            .from(storeAnswers)
            .where(and(inArray(storeAnswers.questionId, ids), eq(storeAnswers.expertId, expertId)))
            .orderBy(desc(storeAnswers.updatedAt), desc(storeAnswers.id))
        : [];
      const answerIds = [...new Map(latest.reverse().map((a) => [a.questionId, a.id])).values()];
      const answers = answerIds.length
        ? (await reviewItems(inArray(storeAnswers.id, answerIds), { limit: answerIds.length })).list
        : [];
      const last = kept[kept.length - 1];
      return {
        list: kept.map((q) => ({
          question: {
            id: q.id,
            content: q.content,
            asker: mask(q.asker),
            asked_at: q.createdAt.getTime(),
            parent_id: q.parentId,
          },
          my_answer: answers.find((a) => a.question.id === q.id) ?? null,
        })),
        next_cursor: rows.length > page.limit && last ? encodeCursor(last.createdAt.getTime(), last.id) : null,
      };
    },
    /** One expert's answers in every state (or one), newest change first. */
    expertAnswers: (expertId: number, state: AnswerState | undefined, page: PageArgs) =>
      reviewItems(and(eq(storeAnswers.expertId, expertId), state ? eq(storeAnswers.state, state) : undefined), page),
    products,
    product,
    privateLevelOf,
    async fundDetail(id: number, withNav: boolean): Promise<StoreFundDetail | null> {
      const p = await product(id);
      const [found] = await db
        .select({ row: storeProducts, manager: { name: storeExperts.name, certificateNo: storeExperts.certificateNo } })
        .from(storeProducts)
        .innerJoin(storeExperts, eq(storeExperts.id, storeProducts.managerId))
        .where(eq(storeProducts.id, id));
      if (!p || !found) return null;
      const { row, manager } = found;
      const navs = withNav
        ? await db
            .select({ day: storeNavs.day, nav: storeNavs.nav, b: storeNavs.benchmark })
            .from(storeNavs)
            .where(eq(storeNavs.productId, id))
            .orderBy(asc(storeNavs.day))
        : [];
      return {
        product: p,
        launch_date: row.launchDate.getTime(),
        manager: { name: manager.name, years: row.managerYears, certificate_no: manager.certificateNo },
        fees: row.fees,
        nav: navs.map((n) => [n.day.getTime(), n.nav]),
        benchmark: { name: row.benchmarkName, points: navs.map((n) => [n.day.getTime(), n.b]) },
        disclosures: [
          ...FUND_DISCLOSURES,
          row.kind === 'private'
            ? '私募基金仅向合格投资者销售，投资者应充分了解产品风险。'
            : '基金管理人不保证基金一定盈利，也不保证最低收益。',
        ],
      };
    },

    async publicQuestions(page: PageArgs): Promise<Paged<StoreQuestion>> {
      const c = decodeCursor(page.cursor);
      const rows = await db
        .select(questionCols)
        .from(storeQuestions)
        .innerJoin(users, eq(users.id, storeQuestions.userId))
        .where(
          and(
            isNotNull(storeQuestions.answeredAt),
            c
              ? sql`(${storeQuestions.answeredAt}, ${storeQuestions.id}) < (${iso(c.ms)}::timestamptz, ${c.id})`
              : undefined,
          ),
        )
        .orderBy(desc(storeQuestions.answeredAt), desc(storeQuestions.id))
        .limit(page.limit + 1);
      const out = await questionsOut(rows.slice(0, page.limit));
      const last = rows[Math.min(rows.length, page.limit) - 1];
      return {
        list: out,
        next_cursor: rows.length > page.limit && last ? encodeCursor(last.answeredAt!.getTime(), last.id) : null,
      };
    },
    async myQuestions(userId: number, page: PageArgs): Promise<Paged<StoreQuestion>> {
      const c = decodeCursor(page.cursor);
      const rows = await db
        .select(questionCols)
        .from(storeQuestions)
        .innerJoin(users, eq(users.id, storeQuestions.userId))
        .where(
          and(
            eq(storeQuestions.userId, userId),
            c
              ? sql`(${storeQuestions.createdAt}, ${storeQuestions.id}) < (${iso(c.ms)}::timestamptz, ${c.id})`
              : undefined,
          ),
        )
        .orderBy(desc(storeQuestions.createdAt), desc(storeQuestions.id))
        .limit(page.limit + 1);
      const out = await questionsOut(rows.slice(0, page.limit));
      const last = rows[Math.min(rows.length, page.limit) - 1];
      return {
        list: out,
        next_cursor: rows.length > page.limit && last ? encodeCursor(last.createdAt.getTime(), last.id) : null,
      };
    },
    async questionRow(id: number) {
      const [q] = await db
        .select(questionCols)
        .from(storeQuestions)
        .innerJoin(users, eq(users.id, storeQuestions.userId))
        .where(eq(storeQuestions.id, id));
      return q ?? null;
    },
    /** The content policy hides personal numbers in a question before it is published. */
    async replaceQuestionContent(id: number, content: string): Promise<void> {
      await db.update(storeQuestions).set({ content }).where(eq(storeQuestions.id, id));
    },
    /** A question as a customer may see it: public once answered, else only its asker; null otherwise. */
    async qaDetail(id: number, userId: number | null) {
      const [q] = await db
        .select(questionCols)
        .from(storeQuestions)
        .innerJoin(users, eq(users.id, storeQuestions.userId))
        .where(eq(storeQuestions.id, id));
      if (!q || (!q.answeredAt && q.userId !== userId)) return null;
      const follow = await db
        .select(questionCols)
        .from(storeQuestions)
        .innerJoin(users, eq(users.id, storeQuestions.userId))
        .where(
          and(
            eq(storeQuestions.parentId, id),
            userId === null
              ? isNotNull(storeQuestions.answeredAt)
              : sql`(${storeQuestions.answeredAt} is not null or ${storeQuestions.userId} = ${userId})`,
          ),
        )
        .orderBy(asc(storeQuestions.createdAt));
      const [question, ...followUps] = await questionsOut([q, ...follow]);
      const answers = (await answersOf([id], userId)).get(id) ?? [];
      return { question: question!, mine: q.userId === userId, answers, follow_ups: followUps };
    },
    async createQuestion(userId: number, content: string, parentId: number | null, now: Date): Promise<StoreQuestion> {
      const [row] = await db.insert(storeQuestions).values({ userId, content, parentId, createdAt: now }).returning();
      const [u] = await db.select({ name: users.realName }).from(users).where(eq(users.id, userId));
      return (await questionsOut([{ ...row!, asker: u?.name ?? '' }]))[0]!;
    },

    /**
     * Sets or clears one user's like. The primary key makes concurrent or repeated "like"
     * requests insert one row; the count is read after, so it is exact.
     */
    async setLike(
      userId: number,
      itemType: LikeItemType,
      itemId: number,
      liked: boolean,
      now: Date,
    ): Promise<{ liked: boolean; likes: number }> {
      if (liked) await db.insert(storeLikes).values({ userId, itemType, itemId, createdAt: now }).onConflictDoNothing();
      else
        await db
          .delete(storeLikes)
          .where(and(eq(storeLikes.userId, userId), eq(storeLikes.itemType, itemType), eq(storeLikes.itemId, itemId)));
      const [c] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(storeLikes)
        .where(and(eq(storeLikes.itemType, itemType), eq(storeLikes.itemId, itemId)));
      return { liked, likes: c?.n ?? 0 };
    },
    async answer(id: number): Promise<AnswerRow | null> {
      const [a] = await db.select().from(storeAnswers).where(eq(storeAnswers.id, id));
      return a ?? null;
    },
    async insertAnswer(v: { questionId: number; expertId: number; content: string; now: Date }): Promise<AnswerRow> {
      const [a] = await db
        .insert(storeAnswers)
        .values({
          questionId: v.questionId,
          expertId: v.expertId,
          content: v.content,
          state: 'draft',
          createdAt: v.now,
          updatedAt: v.now,
        })
        .returning();
      return a!;
    },
    /**
     * Moves an answer from one state to another only if it is still in `from` (a second
     * reviewer deciding at the same moment finds nothing to move), recording the decision.
     */
    async transition(args: {
      answerId: number;
      from: AnswerState[];
      to: AnswerState;
      content?: string;
      reason: string | null;
      userId: number;
      actorName: string;
      now: Date;
    }): Promise<AnswerRow | null> {
      return db.transaction(async (tx) => {
        // The row is locked while it moves: two reviewers deciding at once cannot both win.
        const [current] = await tx
          .select({ state: storeAnswers.state })
          .from(storeAnswers)
          .where(eq(storeAnswers.id, args.answerId))
          .for('update');
        if (!current || !args.from.includes(current.state)) return null;
        const [moved] = await tx
          .update(storeAnswers)
          .set({
            state: args.to,
            updatedAt: args.now,
            returnReason: args.to === 'returned' ? args.reason : null,
            publishedAt: args.to === 'published' ? args.now : null,
            ...(args.content !== undefined ? { content: args.content } : {}),
          })
          .where(and(eq(storeAnswers.id, args.answerId), eq(storeAnswers.state, current.state)))
          .returning();
        if (!moved) return null;
        if (current.state !== args.to) {
          await tx.insert(storeAnswerReviews).values({
            answerId: moved.id,
            userId: args.userId,
            actorName: args.actorName,
            fromState: current.state,
            toState: args.to,
            reason: args.reason,
            at: args.now,
          });
        }
        if (args.to === 'published') {
          await tx
            .update(storeQuestions)
            .set({ answeredAt: args.now })
            .where(and(eq(storeQuestions.id, moved.questionId), sql`${storeQuestions.answeredAt} is null`));
        }
        return moved;
      });
    },
    reviewList: (state: AnswerState | undefined, page: PageArgs) =>
      reviewItems(state ? eq(storeAnswers.state, state) : undefined, page),
    async reviewItem(answerId: number): Promise<StoreReviewItem | null> {
      return (await reviewItems(eq(storeAnswers.id, answerId), { limit: 1 })).list[0] ?? null;
    },
    async qualification(userId: number) {
      const [r] = await db.select().from(storeQualifications).where(eq(storeQualifications.userId, userId));
      return r ?? null;
    },
    /** The declaration that met the rule, and the flag on the reader's customer record(s) the workbench's suitability reads. */
    async confirmQualification(
      userId: number,
      basis: 'assets' | 'income',
      amount: number,
      productId: number | null,
      now: Date,
    ) {
      await db.transaction(async (tx) => {
        await tx
          .insert(storeQualifications)
          .values({ userId, basis, declaredAmount: amount, riskAcknowledged: true, productId, confirmedAt: now })
          .onConflictDoUpdate({
            target: storeQualifications.userId,
            set: { basis, declaredAmount: amount, riskAcknowledged: true, productId, confirmedAt: now },
          });
        await tx.update(mktCustomers).set({ qualified: true, qualifiedAt: now }).where(eq(mktCustomers.userId, userId));
      });
    },
    /** The reader's customer record (assessed risk level and expiry), if they are a customer of the firm. */
    async customerOf(userId: number) {
      const [c] = await db
        .select()
        .from(mktCustomers)
        .where(eq(mktCustomers.userId, userId))
        .orderBy(desc(mktCustomers.riskAssessedAt))
        .limit(1);
      return c ?? null;
    },
    /** The product master's row of a store product (by code). */
    async masterOf(code: string) {
      const [m] = await db.select().from(mktProducts).where(eq(mktProducts.code, code));
      return m ?? null;
    },
    async recordSignIn(userId: number, phone: string, now: Date) {
      await db
        .insert(storeSignIns)
        .values({ userId, phone, signedAt: now })
        .onConflictDoUpdate({ target: storeSignIns.userId, set: { phone, signedAt: now } });
    },
  };
}
export type StoreRepository = ReturnType<typeof createStoreRepository>;
