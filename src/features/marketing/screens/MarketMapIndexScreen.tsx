import Button from 'antd-mobile/es/components/button';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';

import { CardList } from '../components/CardList';
import type { CardSheet } from '../components/CardRow';
import { ClueTab } from '../components/ClueTab';
import { useNow, useSettleWhen } from '../components/hooks';
import { HandleSheet, IgnoreSheet, SnoozeSheet } from '../components/Sheets';
import { ListSkeleton, Toast } from '../components/Toast';
import {
  selectCardPaging,
  selectCluePaging,
  selectClueQueue,
  selectFamilyCounts,
  selectHandleOptions,
  selectPendingTargets,
  selectTagList,
  selectVisibleCardIds,
  selectWorkbenchFilter,
  selectWorkbenchNotice,
} from '../store/selectors';
import type { HandleTarget } from '../store/types';
import {
  cardHandlingRequested,
  cardIgnoreRequested,
  cardListRequested,
  cardSnoozeRequested,
  clueListRequested,
  clueQueueFlushRequested,
  handleSubmitted,
  workbenchClosed,
  workbenchFilterChanged,
  workbenchNoticeDismissed,
  workbenchOpened,
  workbenchTabChosen,
} from '../store/workbench-slice';

import '../components/marketing.css';

import type { CardItem, ClueItem } from '@/api/contract/market-map';
import { routes } from '@/routes';
import { useAppDispatch, useAppSelector } from '@/store';
import { ErrorBlock } from '@/ui/ErrorBlock';
import { PullRefresh } from '@/ui/PullRefresh';

type OpenSheet = { kind: CardSheet; card: CardItem } | { kind: 'handleClue'; clue: ClueItem } | null;

/** 营销商机: the adviser's workbench (kept alive: filter, tab and scroll survive a visit elsewhere). */
export default function MarketMapIndexScreen() {
  const dispatch = useAppDispatch();
  const filter = useAppSelector(selectWorkbenchFilter);
  const ids = useAppSelector(selectVisibleCardIds);
  const paging = useAppSelector(selectCardPaging);
  const families = useAppSelector(selectFamilyCounts);
  const tags = useAppSelector(selectTagList);
  const options = useAppSelector(selectHandleOptions);
  const queue = useAppSelector(selectClueQueue);
  const pending = useAppSelector(selectPendingTargets);
  const notice = useAppSelector(selectWorkbenchNotice);
  const [sheet, setSheet] = useState<OpenSheet>(null);
  const now = useNow(paging.status);
  const cluePaging = useAppSelector(selectCluePaging);
  const settle = useSettleWhen(paging.status === 'refreshing' || cluePaging.status === 'refreshing');

  useEffect(() => {
    dispatch(workbenchOpened());
    return () => {
      dispatch(workbenchClosed());
    };
  }, [dispatch]);

  const onAction = useCallback(
    (card: CardItem, kind: CardSheet) => {
      // 处理 moves the card to handling at once; the sheet records the outcome.
      if (kind === 'handle' && card.state !== 'handling')
        dispatch(cardHandlingRequested({ target: { card_id: card.card_id } }));
      setSheet({ kind, card });
    },
    [dispatch],
  );
  const onEndReached = useCallback(() => {
    if (paging.status === 'loaded' && paging.hasMore) dispatch(cardListRequested({ mode: 'more' }));
  }, [dispatch, paging.status, paging.hasMore]);
  const onRefresh = useCallback(() => {
    dispatch(filter.tab === 'chance' ? cardListRequested({ mode: 'refresh' }) : clueListRequested({ mode: 'refresh' }));
    return settle();
  }, [dispatch, settle, filter.tab]);
  const toggleTag = (tag: string) =>
    dispatch(
      workbenchFilterChanged({
        tags: filter.tags.includes(tag) ? filter.tags.filter((t) => t !== tag) : [...filter.tags, tag],
      }),
    );

  const waiting = queue.filter((q) => q.status !== 'failed').length;
  const failed = queue.filter((q) => q.status === 'failed').length;
  const loadingFirst = ids.length === 0 && (paging.status === 'loading' || paging.status === 'idle');

  const submitHandle =
    (target: HandleTarget, who: string) => (draft: Parameters<typeof handleSubmitted>[0]['draft']) => {
      dispatch(handleSubmitted({ draft: { ...draft, target }, customerName: who }));
      setSheet(null);
    };

  const chances = (
    <>
      <div className="mk-chips" role="tablist" aria-label="商机分类">
        {families.map((f) => (
          <button
            key={f.group ?? 'all'}
            type="button"
            className="mk-chip"
            aria-pressed={filter.group === f.group}
            data-family={f.group ?? 'all'}
            onClick={() => dispatch(workbenchFilterChanged({ group: f.group }))}
          >
            {f.name}
            <small>{f.count}</small>
          </button>
        ))}
      </div>
      {tags.length > 0 && (
        <div className="mk-chips" aria-label="客户标签" style={{ paddingTop: 0 }}>
          {tags.slice(0, 12).map((t) => (
            <button
              key={t.tag}
              type="button"
              className="mk-chip"
              aria-pressed={filter.tags.includes(t.tag)}
              onClick={() => toggleTag(t.tag)}
            >
              {t.tag}
            </button>
          ))}
        </div>
      )}
      <div className="mk-bar">
        <span>共 {paging.total || ids.length} 条商机</span>
        <button
          type="button"
          aria-label="切换排序"
          onClick={() => dispatch(workbenchFilterChanged({ order: filter.order === 'priority' ? 'time' : 'priority' }))}
        >
          {filter.order === 'priority' ? '按优先级 ⇅' : '按时间 ⇅'}
        </button>
      </div>
      {loadingFirst && <ListSkeleton label="正在加载商机" />}
      {paging.status === 'failed' && ids.length === 0 && (
        <ErrorBlock
          status="disconnected"
          title="商机加载失败"
          description={paging.error?.message ?? '请检查网络后重试'}
        >
          <Button color="primary" onClick={() => void dispatch(cardListRequested({ mode: 'first' }))}>
            重试
          </Button>
        </ErrorBlock>
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

  return (
    <main className="mk-page">
      <header className="mk-head">
        <nav className="mk-tabs" role="tablist">
          <button
            type="button"
            role="tab"
            aria-selected={filter.tab === 'chance'}
            onClick={() => dispatch(workbenchTabChosen({ tab: 'chance' }))}
          >
            机会
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={filter.tab === 'clue'}
            onClick={() => dispatch(workbenchTabChosen({ tab: 'clue' }))}
          >
            线索
          </button>
          <Link className="mk-icon-link" to={routes.searchIndex.getHref()} aria-label="搜索">
            搜索
          </Link>
          <Link className="mk-icon-link" to={routes.config.getHref()} aria-label="设置">
            设置
          </Link>
        </nav>
      </header>
      {waiting + failed > 0 && (
        <div className="mk-banner" role="status" data-testid="queue-banner">
          <span>
            {waiting > 0 && `${waiting} 条处理结果待发送，网络恢复后自动发送`}
            {failed > 0 && `${waiting > 0 ? '；' : ''}${failed} 条提交失败`}
          </span>
          <button type="button" onClick={() => dispatch(clueQueueFlushRequested())}>
            重新发送
          </button>
        </div>
      )}
      <PullRefresh onRefresh={onRefresh}>
        {filter.tab === 'chance' ? (
          chances
        ) : (
          <ClueTab now={now} onHandle={(clue) => setSheet({ kind: 'handleClue', clue })} />
        )}
      </PullRefresh>
      <nav className="mk-chips" aria-label="更多" style={{ justifyContent: 'center' }}>
        <Link className="mk-chip" to={routes.userlist.getHref()}>
          我的客户
        </Link>
        <Link className="mk-chip" to={routes.table.getHref()}>
          今日数据
        </Link>
        <Link className="mk-chip" to={routes.ignoreIndex.getHref()}>
          已忽略
        </Link>
        {/* Advisers who write for an expert answer customers' questions there; the server refuses the others with the reason. */}
        <Link className="mk-chip" to={routes.expertAnswers.getHref()}>
          专家回答
        </Link>
      </nav>
      {sheet?.kind === 'handle' && (
        <HandleSheet
          target={{ card_id: sheet.card.card_id }}
          who={sheet.card.customer.display_name}
          options={options.list}
          now={now}
          onSubmit={submitHandle({ card_id: sheet.card.card_id }, sheet.card.customer.display_name)}
          onClose={() => setSheet(null)}
        />
      )}
      {sheet?.kind === 'handleClue' && (
        <HandleSheet
          target={{ clue_id: sheet.clue.clue_id }}
          who={sheet.clue.display_name}
          options={options.list}
          now={now}
          onSubmit={submitHandle({ clue_id: sheet.clue.clue_id }, sheet.clue.display_name)}
          onClose={() => setSheet(null)}
        />
      )}
      {sheet?.kind === 'snooze' && (
        <SnoozeSheet
          who={sheet.card.customer.display_name}
          now={now}
          onClose={() => setSheet(null)}
          onSubmit={(until) => {
            dispatch(cardSnoozeRequested({ cardId: sheet.card.card_id, until }));
            setSheet(null);
          }}
        />
      )}
      {sheet?.kind === 'ignore' && (
        <IgnoreSheet
          who={sheet.card.customer.display_name}
          onClose={() => setSheet(null)}
          onSubmit={(reason, text) => {
            dispatch(
              cardIgnoreRequested({ cardId: sheet.card.card_id, reason, ...(text ? { ignoreText: text } : {}) }),
            );
            setSheet(null);
          }}
        />
      )}
      {notice && <Toast text={notice.text} onClose={() => dispatch(workbenchNoticeDismissed())} />}
    </main>
  );
}
