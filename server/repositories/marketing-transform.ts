import { eq } from 'drizzle-orm';

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

/**
 * POST /resource/wx-article-transform: a known sample link or pasted article HTML → sanitized →
 * the adviser's own material with their card appended (server-made HTML, escaped, after sanitizing).
 */
export async function transformArticle(
  db: Db,
  adviserId: number,
  input: { url?: string; html?: string; title?: string },
  now: Date,
): Promise<TransformOutcome> {
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
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(mktMaterials)
      .values({
        ownerAdviserId: adviserId,
        kind: 'article',
        project: OWN_PROJECT,
        title,
        summary: text.slice(0, 60),
        html: body + card,
        // A repost naming no product needs no suitability check; one naming a product is linked to it and
        // has no review number until compliance gives one (it cannot be sent before).
        reviewNo: named.length ? '' : UNLINKED_REVIEW_NO,
        validFrom: now,
        validUntil: new Date(now.getTime() + YEAR),
        sourceUrl: input.url ?? null,
        createdAt: now,
      })
      .returning({ id: mktMaterials.id });
    if (named.length)
      await tx.insert(mktMaterialProducts).values(named.map((productId) => ({ materialId: row!.id, productId })));
    return { kind: 'ok', id: row!.id } as const;
  });
}

export const UNLINKED_REVIEW_NO = '理财师转载 · 未关联产品';

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
