import { backlogPullRequested, selectPull } from '../store/backlog-slice';

import '../../shared/components/marketing.css';

import type { CardItem } from '@/api/contract/market-map';
import { useDetail, useDetailList } from '@/features/marketing/details';
import { CardHead, LoadState, PagedFoot, useNow } from '@/features/marketing/shared';
import { useAppDispatch, useAppSelector, useRefresh } from '@/store';
import { PullRefresh } from '@/ui/PullRefresh';

/** One waiting card: who and why, why it waits, and 提前处理. */
function WaitingRow({ card, why, now }: { card: CardItem; why: string; now: number }) {
  const dispatch = useAppDispatch();
  const pull = useAppSelector((s) => selectPull(s, card.card_id));
  return (
    <article className="mk-card" data-card-id={card.card_id} data-testid="waiting-card">
      <CardHead card={card} now={now} />
      <p className="mk-wait__why">等待原因：{why}</p>
      {pull?.message && (
        <p className="mk-wait__note" role="status">
          {pull.message}
        </p>
      )}
      <button
        type="button"
        className="mk-wait__pull"
        disabled={pull?.status === 'pulling' || pull?.status === 'pulled'}
        onClick={() => dispatch(backlogPullRequested({ cardId: card.card_id }))}
      >
        {pull?.status === 'pulling' ? '处理中…' : '提前处理'}
      </button>
    </article>
  );
}

/**
 * 待处理: the cards the daily cap has not let onto the workbench, best first (the order the cap lets them in), paged,
 * pull to refresh; each says why it waits and can be let in by hand (提前处理: not counted against the cap).
 */
export default function WaitingIndexScreen() {
  const list = useDetailList('waitingCards', {});
  const now = useNow(list.status);
  const head = useDetail('waitingSummary', { limit: 1 });
  const onRefresh = useRefresh(
    () => {
      list.refresh();
      head.reload();
    },
    (state) => [list.part(state), head.part(state)],
  );
  const why = head.data?.why ?? '';
  return (
    <main className="mk-page" data-testid="waiting">
      <PullRefresh onRefresh={onRefresh}>
        <section className="mk-section" aria-label="待处理说明">
          <h1 style={{ fontSize: 17, margin: 0 }}>
            待处理 <span data-testid="waiting-total">{list.total ?? head.data?.total ?? 0}</span> 条
          </h1>
          {head.data && <p className="mk-wait__why">{head.data.why}</p>}
          <p className="mk-tier">提前处理的商机立即进入今日，不占每日上限。</p>
        </section>
        {list.items.length === 0 && (
          <LoadState status={list.status} error={list.error} label="待处理" onRetry={list.refresh} rows={4} />
        )}
        {list.status === 'loaded' && list.items.length === 0 && <div className="mk-empty">没有等待中的商机</div>}
        <div className="mk-list">
          {list.items.map((card) => (
            <WaitingRow key={card.card_id} card={card} why={why} now={now} />
          ))}
        </div>
        <PagedFoot list={list} end="已全部显示" />
      </PullRefresh>
    </main>
  );
}
