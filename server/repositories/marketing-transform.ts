import { and, eq } from 'drizzle-orm';

import type { Db } from '../db/client';
import { mktMaterialProducts, mktMaterials, mktProducts, users } from '../db/schema';
import { dropPageChrome } from '../materials/page-chrome';
import { htmlToText, sanitizeArticleHtml } from '../materials/sanitize';
import { WX_SAMPLES } from '../materials/wx-samples';
import { qualificationNo } from './marketing-reads';

const YEAR = 365 * 86_400_000;
export const OWN_PROJECT = '我的素材';

export type TransformOutcome = { kind: 'ok'; id: number } | { kind: 'unknown_link' } | { kind: 'empty' };

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Public-account images sit in data-src (src is a placeholder): promote http(s) and same-origin ones. */
function promoteImages(html: string): string {
  return html.replace(
    /<img([^>]*?)\sdata-src="((?:https?:\/\/|\/)[^"\s]+)"([^>]*)>/gi,
    (_m, a: string, url: string, b: string) => `<img${`${a}${b}`.replace(/\ssrc="[^"]*"/i, '')} src="${url}">`,
  );
}

/** Sanitized article → its title, body with the adviser's card, summary and the products it names. */
async function composeArticle(
  db: Db,
  adviserId: number,
  input: { url?: string; html?: string; title?: string },
): Promise<
  { kind: 'ok'; title: string; html: string; summary: string; named: number[] } | { kind: 'unknown_link' | 'empty' }
> {
  const sample = input.url ? WX_SAMPLES[input.url.split('#')[0]!.trim()] : undefined;
  if (input.url && !sample && !input.html) return { kind: 'unknown_link' };
  const raw = input.html ?? sample!.html;
  const body = dropPageChrome(sanitizeArticleHtml(promoteImages(raw)));
  const text = htmlToText(body);
  if (!text) return { kind: 'empty' };
  const heading = /<h[1-3][^>]*>([\s\S]*?)<\/h[1-3]>/i.exec(body)?.[1];
  const title = (
    input.title?.trim() ||
    sample?.title ||
    (heading ? htmlToText(heading) : '') ||
    text.slice(0, 30)
  ).slice(0, 80);
  const [me] = await db
    .select({ name: users.realName, certificateNo: users.certificateNo, title: users.title })
    .from(users)
    .where(eq(users.id, adviserId));
  const card =
    `<section class="adviser-card"><p><strong>${escape(me!.name)}</strong> · ${escape(me!.title ?? '理财师')}</p>` +
    `<p>从业资格编号 ${escape(qualificationNo(me!))}</p><p>如需了解更多，请联系您的专属理财师</p></section>`;
  const named = namedProducts(
    `${title}\n${text}`,
    await db.select({ id: mktProducts.id, code: mktProducts.code, name: mktProducts.name }).from(mktProducts),
  );
  return { kind: 'ok', title, html: body + card, summary: text.slice(0, 60), named };
}

/**
 * POST /resource/wx-article-transform: a known sample link or pasted article HTML → sanitized →
 * the adviser's own material with their card appended (server-made HTML, escaped, after sanitizing).
 * It waits for a reviewer on 审核台 (no review number) before it can be sent (docs/compliance.md).
 */
export async function transformArticle(
  db: Db,
  adviserId: number,
  input: { url?: string; html?: string; title?: string },
  now: Date,
): Promise<TransformOutcome> {
  const a = await composeArticle(db, adviserId, input);
  if (a.kind !== 'ok') return a;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(mktMaterials)
      .values({
        ownerAdviserId: adviserId,
        authorId: adviserId,
        kind: 'article',
        project: OWN_PROJECT,
        title: a.title,
        summary: a.summary,
        html: a.html,
        reviewNo: '',
        reviewState: 'pending',
        submittedAt: now,
        validFrom: now,
        validUntil: new Date(now.getTime() + YEAR),
        sourceUrl: input.url ?? null,
        createdAt: now,
      })
      .returning({ id: mktMaterials.id });
    if (a.named.length)
      await tx.insert(mktMaterialProducts).values(a.named.map((productId) => ({ materialId: row!.id, productId })));
    return { kind: 'ok', id: row!.id } as const;
  });
}

export type ResubmitOutcome = TransformOutcome | { kind: 'not_found' } | { kind: 'not_returned' };

/**
 * POST /resource/material-resubmit: the author edits their returned (or review-expired) material and it
 * goes back to the reviewers' queue without a number; the 修改意见 it answers stays for the reviewer.
 */
export async function resubmitArticle(
  db: Db,
  adviserId: number,
  materialId: number,
  input: { html?: string; title?: string },
  now: Date,
): Promise<ResubmitOutcome> {
  const [m] = await db
    .select()
    .from(mktMaterials)
    .where(and(eq(mktMaterials.id, materialId), eq(mktMaterials.ownerAdviserId, adviserId)));
  if (!m || m.kind !== 'article') return { kind: 'not_found' };
  const expired = m.reviewState === 'approved' && (!m.reviewExpiresAt || now >= m.reviewExpiresAt);
  if (m.reviewState !== 'returned' && !expired) return { kind: 'not_returned' };
  // The stored body carries the card: an edit without new text keeps the body as it was written.
  const a = input.html
    ? await composeArticle(db, adviserId, { html: input.html, title: input.title ?? m.title })
    : {
        kind: 'ok' as const,
        title: (input.title?.trim() || m.title).slice(0, 80),
        html: m.html ?? '',
        summary: m.summary,
        named: null,
      };
  if (a.kind !== 'ok') return a;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(mktMaterials)
      .set({
        title: a.title,
        html: a.html,
        summary: a.summary,
        reviewState: 'pending',
        reviewNo: '',
        reviewExpiresAt: null,
        submittedAt: now,
      })
      .where(and(eq(mktMaterials.id, m.id), eq(mktMaterials.reviewState, m.reviewState)))
      .returning({ id: mktMaterials.id });
    if (!row) return { kind: 'not_returned' } as const;
    if (a.named) {
      await tx.delete(mktMaterialProducts).where(eq(mktMaterialProducts.materialId, m.id));
      if (a.named.length)
        await tx.insert(mktMaterialProducts).values(a.named.map((productId) => ({ materialId: m.id, productId })));
    }
    return { kind: 'ok', id: m.id } as const;
  });
}

/**
 * The master's products an article names, by full name or by code (a code only where it stands alone, so
 * "2024000198" does not name 000198). Spaces inside the text are ignored for names ("沪深300 指数增强C").
 */
export function namedProducts(
  text: string,
  master: ReadonlyArray<{ id: number; code: string; name: string }>,
): number[] {
  const squeezed = text.normalize('NFKC').replace(/\s+/g, '');
  const plain = text.normalize('NFKC');
  return master
    .filter(
      (p) =>
        squeezed.includes(p.name.replace(/\s+/g, '')) ||
        new RegExp(`(^|[^0-9A-Za-z])${p.code}($|[^0-9A-Za-z])`, 'i').test(plain),
    )
    .map((p) => p.id);
}
