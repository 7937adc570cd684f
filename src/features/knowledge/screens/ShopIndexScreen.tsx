import { Link } from 'react-router-dom';

import { ArticleCard, ProductCard, QuestionCard } from '../components/cards';
import { ResourceView, useResource } from '../components/parts';

import type { StoreIndex } from '@/api/contract/store';
import { routes } from '@/routes';

/** Store home: top list, experts, news, products and Q&A, each with its "more" link. */
export default function ShopIndexScreen() {
  const r = useResource<StoreIndex>('index', 'index');
  return (
    <main className="kn-page">
      <ResourceView r={r}>
        {(d) => (
          <>
            <section className="kn-section">
              <h2>
                头条精选 <Link to={routes.shopList.getHref({}, { tab: 'top' })}>更多</Link>
              </h2>
              {d.top.map((a) => (
                <ArticleCard key={a.id} a={a} />
              ))}
            </section>
            <section className="kn-section">
              <h2>
                专家说 <Link to={routes.expertMore.getHref()}>全部专家</Link>
              </h2>
              <div className="kn-experts">
                {d.experts.map((e) => (
                  <Link key={e.id} className="kn-expert" to={routes.coreMemberDetail.getHref({}, { id: e.id })}>
                    <img src={e.avatar} alt="" width={56} height={56} loading="lazy" />
                    <div>{e.name}</div>
                    <div className="kn-meta" style={{ justifyContent: 'center' }}>
                      {e.title}
                    </div>
                  </Link>
                ))}
              </div>
            </section>
            <section className="kn-section">
              <h2>
                资讯 <Link to={routes.shopList.getHref({}, { tab: 'news' })}>更多</Link>
              </h2>
              {d.news.map((a) => (
                <ArticleCard key={a.id} a={a} />
              ))}
              <Link className="kn-card" to={routes.agencyViews.getHref()}>
                机构观点 ›
              </Link>
            </section>
            <section className="kn-section">
              <h2>
                精选产品 <Link to={routes.productList.getHref()}>全部产品</Link>
              </h2>
              {d.products.map((p) => (
                <ProductCard key={p.id} p={p} />
              ))}
            </section>
            <section className="kn-section">
              <h2>
                问答 <Link to={routes.questionList.getHref()}>去提问</Link>
              </h2>
              {d.questions.map((q) => (
                <QuestionCard key={q.id} q={q} />
              ))}
              <Link className="kn-card" to={routes.guide.getHref()}>
                使用指南：如何提一个好问题 ›
              </Link>
            </section>
          </>
        )}
      </ResourceView>
    </main>
  );
}
