import { useCallback, useEffect, useRef, useState } from 'react';

import type { CardSheet } from '../components/CardParts';
import { ChanceTab } from '../components/ChanceTab';
import { ClueTab } from '../components/ClueTab';
import { QueueBanner } from '../components/QueueBanner';
import { TodayTab } from '../components/TodayTab';
import { WorkbenchHead } from '../components/WorkbenchHead';
import { type OpenSheet, WorkbenchSheets } from '../components/WorkbenchSheets';
import {
  selectCardPaging,
  selectCluePaging,
  selectWorkbenchFilter,
  selectWorkbenchNotice,
} from '../store/workbench-selectors';
import {
  cardHandlingRequested,
  cardListRequested,
  clueListRequested,
  workbenchClosed,
  workbenchNoticeDismissed,
  workbenchOpened,
} from '../store/workbench-slice';

import '../../shared/components/marketing.css';

import type { CardItem } from '@/api/contract/market-map';
import { Toast, useNow } from '@/features/marketing/shared';
import { useAppDispatch, useAppSelector, useRefresh } from '@/store';
import { PullRefresh, type RefreshOutcome } from '@/ui/PullRefresh';

/** 营销商机: the adviser's workbench (kept alive: filter, tab and scroll survive a visit elsewhere). */
export default function MarketMapIndexScreen() {
  const dispatch = useAppDispatch();
  const filter = useAppSelector(selectWorkbenchFilter);
  const paging = useAppSelector(selectCardPaging);
  const notice = useAppSelector(selectWorkbenchNotice);
  const [sheet, setSheet] = useState<OpenSheet>(null);
  const now = useNow(paging.status);
  // 今日 refreshes its own list (its filter is its own); the tab hands its pull here while it is shown.
  const todayPull = useRef<(() => Promise<RefreshOutcome>) | null>(null);

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
  const listPull = useRefresh(
    () =>
      dispatch(
        filter.tab === 'chance' ? cardListRequested({ mode: 'refresh' }) : clueListRequested({ mode: 'refresh' }),
      ),
    (state) => [filter.tab === 'chance' ? selectCardPaging(state) : selectCluePaging(state)],
  );
  const onRefresh = useCallback(
    () =>
      filter.tab === 'today' ? (todayPull.current?.() ?? Promise.resolve<RefreshOutcome>('unchanged')) : listPull(),
    [filter.tab, listPull],
  );
  const closeSheet = useCallback(() => setSheet(null), []);

  return (
    <main className="mk-page">
      <WorkbenchHead />
      <QueueBanner />
      <PullRefresh onRefresh={onRefresh}>
        {filter.tab === 'today' ? (
          <TodayTab now={now} pull={todayPull} />
        ) : filter.tab === 'chance' ? (
          <ChanceTab now={now} onAction={onAction} />
        ) : (
          <ClueTab now={now} onHandle={(clue) => setSheet({ kind: 'handleClue', clue })} />
        )}
      </PullRefresh>
      <WorkbenchSheets sheet={sheet} now={now} onClose={closeSheet} />
      {notice && <Toast text={notice.text} onClose={() => dispatch(workbenchNoticeDismissed())} />}
    </main>
  );
}
