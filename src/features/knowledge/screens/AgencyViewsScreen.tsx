import { useState } from 'react';
import type { StoreArticle } from '@/api/contract/store';
import { VIEW_DISCLAIMER } from '@/api/contract/store-constants';
import { Disclaimer, PagedList, RichText, Thumbs, day } from '../components/parts';

function View({ a }: { a: StoreArticle }) {
  const [open, setOpen] = useState(false);
  return (
    <article className="kn-card">
      <h3>{a.title}</h3>
      <div className="kn-meta">
        <span className="kn-tag">来源：{a.source}</span>
        {a.author && <span>{a.author.name} · 从业资格编号 {a.author.certificate_no}</span>}
        <span>{day(a.published_at)}</span>
      </div>
      {open ? <RichText html={a.content_html} /> : <p className="kn-meta">{a.summary}</p>}
      <div className="kn-row" style={{ justifyContent: 'space-between' }}>
        <button type="button" className="kn-btn kn-btn--ghost" onClick={() => setOpen(!open)}>
          {open ? '收起' : '阅读全文'}
        </button>
        <Thumbs itemType="article" itemId={a.id} liked={a.liked} likes={a.likes} />
      </div>
      {open && <Disclaimer>{VIEW_DISCLAIMER}</Disclaimer>}
    </article>
  );
}

/** Institution views: source on every one, the full text sanitized, a disclaimer under each. */
export default function AgencyViewsScreen() {
  return (
    <main className="kn-page">
      <Disclaimer>
        <span className="kn-pad" style={{ display: 'block' }}>{VIEW_DISCLAIMER}</span>
      </Disclaimer>
      <PagedList<StoreArticle> listKey="views" kind="news" query={{ kind: 'view' }} empty="暂无机构观点" render={(a) => <View key={a.id} a={a} />} />
    </main>
  );
}
