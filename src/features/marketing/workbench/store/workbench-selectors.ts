import { createSelector } from 'reselect';

import { selectPages } from './pages-slice';
import { cardsAdapter, cluesAdapter, selectWorkbench } from './workbench-slice';

import type { CardItem, ChanceGroup } from '@/api/contract/market-map';
import { CHANCE_GROUP_NAMES, OPEN_CARD_STATES } from '@/api/contract/market-map-constants';
import type { RootState } from '@/store';

const OPEN = new Set<string>(OPEN_CARD_STATES);
const cardSelectors = cardsAdapter.getSelectors((s: RootState) => selectWorkbench(s).cards);
const clueSelectors = cluesAdapter.getSelectors((s: RootState) => selectWorkbench(s).clues);

export const selectWorkbenchFilter = (s: RootState) => selectWorkbench(s).filter;
export const selectCardPaging = (s: RootState) => selectWorkbench(s).paging;
export const selectCardById = (s: RootState, id: number): CardItem | undefined => selectWorkbench(s).cards.entities[id];
export const selectCardBusy = (s: RootState, id: number) => selectWorkbench(s).busy[id] ?? null;
export const selectWorkbenchNotice = (s: RootState) => selectWorkbench(s).notice;
export const selectTagList = (s: RootState) => selectWorkbench(s).tags;
export const selectHandleOptions = (s: RootState) => selectWorkbench(s).options;
export const selectRank = (s: RootState) => selectWorkbench(s).rank;
export const selectClueQueue = (s: RootState) => selectWorkbench(s).queue;
export const selectCluePaging = (s: RootState) => selectWorkbench(s).clues.paging;
export const selectClues = clueSelectors.selectAll;
export const selectChanceTypes = (s: RootState) => selectWorkbench(s).types;

/** Open cards only: handled, snoozed and ignored ones leave the workbench at once. */
export const selectOpenCards = createSelector([cardSelectors.selectAll], (all) => all.filter((c) => OPEN.has(c.state)));

const byPriority = (a: CardItem, b: CardItem) =>
  b.score - a.score || b.updated_at - a.updated_at || b.card_id - a.card_id;
const byTime = (a: CardItem, b: CardItem) => b.updated_at - a.updated_at || b.card_id - a.card_id;

/** Open cards in each order, sorted once per change of the cards (not per filter tap). */
const selectByPriority = createSelector([selectOpenCards], (cards) => [...cards].sort(byPriority));
const selectByTime = createSelector([selectOpenCards], (cards) => [...cards].sort(byTime));
const selectSortedOpen = (s: RootState) =>
  selectWorkbenchFilter(s).order === 'priority' ? selectByPriority(s) : selectByTime(s);

/** The pure filter behind the list: keeps the given order. */
export function filterCards(sorted: readonly CardItem[], group: ChanceGroup | null, tags: readonly string[]): number[] {
  const tagSet = tags.length > 0 ? new Set(tags) : null;
  const ids: number[] = [];
  for (const c of sorted) {
    if ((group === null || c.group === group) && (tagSet === null || c.customer.tags.some((t) => tagSet.has(t))))
      ids.push(c.card_id);
  }
  return ids;
}

/** Ids of the cards the list shows, in order: a filter or order tap is one linear pass over pre-sorted cards. */
export const selectVisibleCardIds = createSelector(
  [selectSortedOpen, (s: RootState) => selectWorkbenchFilter(s).group, (s: RootState) => selectWorkbenchFilter(s).tags],
  filterCards,
);

export interface FamilyCount {
  group: ChanceGroup | null;
  name: string;
  count: number;
}

/** The family tabs with the server's live counts (全部 first). */
export const selectFamilyCounts = createSelector([selectChanceTypes], (types): FamilyCount[] => {
  const list = types.data?.list ?? [];
  const count = (g: ChanceGroup) => list.find((i) => i.group === g)?.count ?? 0;
  const groups = Object.keys(CHANCE_GROUP_NAMES) as ChanceGroup[];
  return [
    { group: null, name: '全部', count: types.data?.total ?? 0 },
    ...groups.map((g) => ({ group: g, name: CHANCE_GROUP_NAMES[g], count: count(g) })),
  ];
});

/**
 * 共 N 条商机: the chip's number for the chosen family (one source, so bar and chip agree); with tags
 * chosen no chip counts them, so the list's own total (moved with each action) stands.
 */
export const selectShownTotal = createSelector(
  [selectFamilyCounts, selectChanceTypes, selectWorkbenchFilter, selectCardPaging, selectVisibleCardIds],
  (families, types, filter, paging, ids) => {
    if (filter.tags.length === 0 && types.data) return families.find((f) => f.group === filter.group)?.count ?? 0;
    return paging.status === 'loaded' || paging.total > 0 ? paging.total : ids.length;
  },
);

/** Pending handling submits per card/clue id, for the 待发送 badge. */
export const selectPendingTargets = createSelector([selectClueQueue], (queue) => {
  const cards = new Set<number>();
  const clues = new Set<number>();
  for (const q of queue) {
    if (q.request.card_id !== undefined) cards.add(q.request.card_id);
    if (q.request.clue_id !== undefined) clues.add(q.request.clue_id);
  }
  return { cards, clues };
});

export const selectSearch = (s: RootState) => selectPages(s).search;
export const selectUsers = (s: RootState) => selectPages(s).users;
export const selectStats = (s: RootState) => selectPages(s).stats;
export const selectSettings = (s: RootState) => selectPages(s).settings;
export const selectIgnored = (s: RootState) => selectPages(s).ignored;
export const selectCardDetail = (s: RootState) => selectPages(s).detail;

/** Totals row of the table screen. */
export const selectStatsTotals = createSelector([selectStats], (stats) => {
  const rows = stats.data?.rows ?? [];
  const sum = (
    k:
      | 'new'
      | 'viewed'
      | 'handling'
      | 'done'
      | 'ignored'
      | 'snoozed'
      | 'created_today'
      | 'handled_today'
      | 'converted_today',
  ) => rows.reduce((n, r) => n + r[k], 0);
  return {
    open: sum('new') + sum('viewed') + sum('handling'),
    done: sum('done'),
    ignored: sum('ignored'),
    snoozed: sum('snoozed'),
    createdToday: sum('created_today'),
    handledToday: sum('handled_today'),
    convertedToday: sum('converted_today'),
  };
});
