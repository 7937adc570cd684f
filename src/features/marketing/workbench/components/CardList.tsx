import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';

import type { CardSheet } from './CardParts';
import { CardRow } from './CardRow';

import type { CardItem } from '@/api/contract/market-map';

/** A card with one reason and its actions; rows are measured after they render. */
const ESTIMATED_ROW = 150;
/** Rows kept above and below the screen (at most a few dozen rows are ever in the DOM). */
const OVERSCAN = 6;

interface Props {
  ids: readonly number[];
  now: number;
  pendingCards: ReadonlySet<number>;
  onAction(card: CardItem, sheet: CardSheet): void;
  /** Near the end of what is loaded: ask for the next page. */
  onEndReached(): void;
}

/**
 * The workbench list, virtualized against the window scroll (the router's keep-alive gives the
 * window scroll back on return): only the rows on screen and a few around them are in the DOM.
 */
export function CardList({ ids, now, pendingCards, onAction, onEndReached }: Props) {
  const listRef = useRef<HTMLDivElement>(null);
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    const el = listRef.current;
    if (el) setMargin(el.getBoundingClientRect().top + window.scrollY);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: ids.length,
    estimateSize: () => ESTIMATED_ROW,
    overscan: OVERSCAN,
    scrollMargin: margin,
    getItemKey: (index) => ids[index] ?? index,
  });
  const items = virtualizer.getVirtualItems();
  const last = items.length > 0 ? items[items.length - 1]!.index : -1;
  useEffect(() => {
    if (ids.length > 0 && last >= ids.length - 8) onEndReached();
  }, [last, ids.length, onEndReached]);

  return (
    <div
      ref={listRef}
      className="mk-list"
      style={{ height: virtualizer.getTotalSize() }}
      data-testid="card-list"
      data-count={ids.length}
    >
      {items.map((item) => (
        <div
          key={item.key}
          data-index={item.index}
          ref={virtualizer.measureElement}
          style={{
            position: 'absolute',
            top: 0,
            left: 12,
            right: 12,
            transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)`,
          }}
        >
          <CardRow
            cardId={ids[item.index]!}
            now={now}
            pending={pendingCards.has(ids[item.index]!)}
            onAction={onAction}
          />
        </div>
      ))}
    </div>
  );
}
