import Button from 'antd-mobile/es/components/button';
import { Link } from 'react-router-dom';

import { cardDetailHref } from '../components/customer/card-href';
import { formatMoney, PRIORITY_NAMES } from '../components/format';
import { Highlight } from '../components/Highlight';
import { ListSkeleton } from '../components/Toast';
import { searchKeywordChanged, searchRecentCleared } from '../store/pages-slice';
import { selectSearch } from '../store/selectors';

import '../components/marketing.css';

import { routes } from '@/routes';
import { useAppDispatch, useAppSelector } from '@/store';
import { ErrorBlock } from '@/ui/ErrorBlock';
import { RiskChip } from '@/ui/RiskChip';

/** 搜索: customers, products and cards as the adviser types (the saga waits for a pause). */
export default function SearchIndexScreen() {
  const dispatch = useAppDispatch();
  const search = useAppSelector(selectSearch);
  const { keyword, status, result, recent, error } = search;
  const typed = keyword.trim() !== '';
  const empty = result && result.customers.length + result.products.length + result.cards.length === 0;
  const set = (k: string) => dispatch(searchKeywordChanged({ keyword: k.slice(0, 30) }));

  return (
    <main className="mk-page">
      <div className="mk-search">
        <input
          className="mk-input"
          type="search"
          autoFocus
          placeholder="客户姓名、手机尾号、产品、商机"
          maxLength={30}
          value={keyword}
          aria-label="搜索关键词"
          onChange={(e) => set(e.target.value)}
        />
        {typed && (
          <button type="button" className="mk-btn" style={{ flex: '0 0 64px' }} onClick={() => set('')}>
            清除
          </button>
        )}
      </div>
      {!typed && (
        <section className="mk-section" aria-label="最近搜索">
          <h3>
            最近搜索
            {recent.length > 0 && (
              <button
                type="button"
                className="mk-btn"
                style={{ float: 'right', flex: 'none', border: 0, minHeight: 32 }}
                onClick={() => dispatch(searchRecentCleared())}
              >
                清空
              </button>
            )}
          </h3>
          {recent.length === 0 ? (
            <p className="mk-empty">暂无搜索记录</p>
          ) : (
            <div className="mk-options" style={{ paddingBottom: 10 }}>
              {recent.map((k) => (
                <button key={k} type="button" className="mk-chip" onClick={() => set(k)}>
                  {k}
                </button>
              ))}
            </div>
          )}
        </section>
      )}
      {typed && status === 'loading' && !result && <ListSkeleton rows={3} label="正在搜索" />}
      {typed && status === 'failed' && (
        <ErrorBlock status="disconnected" title="搜索失败" description={error?.message}>
          <Button color="primary" onClick={() => void set(keyword)}>
            重试
          </Button>
        </ErrorBlock>
      )}
      {typed && empty && status === 'loaded' && (
        <ErrorBlock status="empty" title="没有找到相关结果" description="换个关键词试试" />
      )}
      {typed && result && result.customers.length > 0 && (
        <section className="mk-section" aria-label="客户">
          <h3>客户</h3>
          {result.customers.map((c) => (
            <Link
              className="mk-row"
              key={c.customer.customer_id}
              to={routes.personDetail.getHref(undefined, { customer_id: c.customer.customer_id })}
            >
              <div className="mk-row__main">
                <div>
                  <Highlight text={c.matched_text} ranges={c.highlight} />
                </div>
                <div>
                  {[
                    c.matched_text === c.customer.display_name ? null : c.customer.display_name,
                    c.customer.phone_masked,
                    c.customer.tags.join('、'),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </div>
              </div>
              <div className="mk-row__side">{formatMoney(c.customer.aum)}</div>
            </Link>
          ))}
        </section>
      )}
      {typed && result && result.products.length > 0 && (
        <section className="mk-section" aria-label="产品">
          <h3>产品</h3>
          {result.products.map((p) => (
            <Link
              className="mk-row"
              key={p.product.product_id}
              to={routes.rateDetail.getHref(undefined, { product_id: p.product.product_id })}
            >
              <div className="mk-row__main">
                <div>
                  <Highlight text={p.matched_text} ranges={p.highlight} />
                </div>
                <div>
                  {p.product.code} <RiskChip level={p.product.risk_level} />
                  {p.product.qualified_only ? ' · 合格投资者' : ''}
                </div>
              </div>
            </Link>
          ))}
        </section>
      )}
      {typed && result && result.cards.length > 0 && (
        <section className="mk-section" aria-label="商机">
          <h3>商机</h3>
          {result.cards.map((c) => (
            <Link className="mk-row" key={c.card.card_id} to={cardDetailHref(c.card)}>
              <div className="mk-row__main">
                <div>
                  <Highlight text={c.matched_text} ranges={c.highlight} />
                </div>
                <div>
                  {c.card.customer.display_name} · {PRIORITY_NAMES[c.card.priority]}
                </div>
              </div>
            </Link>
          ))}
        </section>
      )}
    </main>
  );
}
