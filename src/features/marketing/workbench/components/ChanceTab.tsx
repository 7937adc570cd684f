import { useCallback } from 'react';

import { selectCardPaging, selectPendingTargets, selectVisibleCardIds } from '../store/workbench-selectors';
import { cardListRequested } from '../store/workbench-slice';
import { CardList } from './CardList';
import type { CardSheet } from './CardParts';
import { ChanceFilters } from './ChanceFilters';

import type { CardItem } from '@/api/contract/market-map';
import { ListSkeleton } from '@/features/marketing/shared';
import { useAppDispatch, useAppSelector } from '@/store';
import { ErrorBlock } from '@/ui/ErrorBlock';
import { RetryBlock } from '@/ui/RetryBlock';

/** 机会 tab: the filters, then the cards with their loading, error, empty and end-of-list states. */
export function ChanceTab({ now, onAction }: { now: number; onAction(card: CardItem, kind: CardSheet): void }) {
  const dispatch = useAppDispatch();
  const ids = useAppSelector(selectVisibleCardIds);
  const paging = useAppSelector(selectCardPaging);
  const pending = useAppSelector(selectPendingTargets);
  const onEndReached = useCallback(() => {
    if (paging.status === 'loaded' && paging.hasMore) dispatch(cardListRequested({ mode: 'more' }));
  }, [dispatch, paging.status, paging.hasMore]);
  const loadingFirst = ids.length === 0 && (paging.status === 'loading' || paging.status === 'idle');

  return (
    <>
      <ChanceFilters />
      {loadingFirst && <ListSkeleton label="正在加载商机" />}
      {paging.status === 'failed' && ids.length === 0 && (
        <RetryBlock
          title="商机加载失败"
          description={paging.error?.message ?? '请检查网络后重试'}
          onRetry={() => void dispatch(cardListRequested({ mode: 'first' }))}
        />
      )}
      {paging.status === 'loaded' && ids.length === 0 && (
        <ErrorBlock status="empty" title="暂无商机" description="客户有新动态时，这里会出现新的商机" />
      )}
      <CardList ids={ids} now={now} pendingCards={pending.cards} onAction={onAction} onEndReached={onEndReached} />
      {ids.length > 0 && (
        <div className="mk-foot">
          {paging.status === 'loadingMore' ? (
            '加载中…'
          ) : paging.status === 'failed' ? (
            <button type="button" onClick={() => dispatch(cardListRequested({ mode: 'more' }))}>
              加载失败，点击重试
            </button>
          ) : paging.hasMore ? (
            ''
          ) : (
            '没有更多了'
          )}
        </div>
      )}
    </>
  );
}
