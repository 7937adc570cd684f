import { useState } from 'react';
import { Link } from 'react-router-dom';

import { day, Disclaimer, RichText, Thumbs } from './parts';

import type { StoreArticle } from '@/api/contract/store';
import { VIEW_DISCLAIMER } from '@/api/contract/store-constants';
import { routes } from '@/routes';

function Meta({ a }: { a: StoreArticle }) {
  return (
    <div className="kn-meta">
      {a.kind === 'view' && <span className="kn-tag">来源：{a.source}</span>}
      {a.author && (
        <span>
          {a.author.name} · 从业资格编号 {a.author.certificate_no}
        </span>
      )}
      <span>{day(a.published_at)}</span>
    </div>
  );
}

/**
 * An article in a list. A summary card is one link to the article's page (the whole card is the tap
 * target); `full`: readable in place (sanitized rich text) and likeable; `open`: the text shown at once.
 */
export function ArticleCard({
  a,
  full = false,
  open: opened = false,
}: {
  a: StoreArticle;
  full?: boolean;
  open?: boolean;
}) {
  const [open, setOpen] = useState(opened);
  if (!full)
    return (
      <Link className="kn-card" data-article={a.id} to={routes.articleDetail.getHref({}, { id: a.id })}>
        <h3>{a.title}</h3>
        <p className="kn-meta" style={{ margin: '0 0 6px' }}>
          {a.summary}
        </p>
        <Meta a={a} />
      </Link>
    );
  return (
    <article className="kn-card" data-article={a.id}>
      <h3>
        <Link to={routes.articleDetail.getHref({}, { id: a.id })}>{a.title}</Link>
      </h3>
      {open ? (
        <RichText html={a.content_html} />
      ) : (
        <p className="kn-meta" style={{ margin: '0 0 6px' }}>
          {a.summary}
        </p>
      )}
      <Meta a={a} />
      {a.author && (
        <Link className="kn-meta" to={routes.coreMemberDetail.getHref({}, { id: a.author.id })}>
          作者主页 ›
        </Link>
      )}
      <div className="kn-row" style={{ justifyContent: 'space-between', marginTop: 6 }}>
        <button type="button" className="ui-btn ui-btn--ghost" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? '收起' : '阅读全文'}
        </button>
        <Thumbs itemType="article" itemId={a.id} liked={a.liked} likes={a.likes} />
      </div>
      {open && a.kind === 'view' && <Disclaimer>{VIEW_DISCLAIMER}</Disclaimer>}
    </article>
  );
}
