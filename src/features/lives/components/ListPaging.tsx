import type InfiniteScrollType from 'antd-mobile/es/components/infinite-scroll';
import { type ComponentProps, type ComponentType, type ReactNode, useEffect, useState } from 'react';

import { afterLoadWhenIdle } from '../../../platform/after-load';

import 'antd-mobile/es/components/infinite-scroll/infinite-scroll.css';

export interface ListPagingProps {
  onLoadMore: () => Promise<void>;
  hasMore: boolean;
}

type InfiniteScroll = ComponentType<ComponentProps<typeof InfiniteScrollType>>;
type Footer = (more: boolean, failed: boolean, retry: () => void) => ReactNode;

const footer: Footer = (more, failed, retry) =>
  failed ? (
    <button type="button" className="home-list__more" onClick={retry}>
      加载失败，点击重试
    </button>
  ) : (
    <span className="home-list__more">{more ? '加载中…' : '没有更多了'}</span>
  );

/**
 * The list's next pages: the UI kit's InfiniteScroll, loaded after the page's load event, when idle (a first screen shows
 * the first page and needs none of it). Until then the same footer, in the kit's markup, so nothing moves when it
 * arrives; if its code cannot load, a button loads the next page instead.
 */
export function ListPaging({ onLoadMore, hasMore }: ListPagingProps) {
  const [Scroll, setScroll] = useState<InfiniteScroll | 'unavailable' | null>(null);
  useEffect(() => {
    let live = true;
    // An idle moment after the load event: the pull gesture binds right after it, and the two mounted in one
    // render were one task of about 100 ms on a slowed phone (the kit measures the list as it mounts).
    afterLoadWhenIdle(() => {
      import(/* webpackChunkName: "list-paging" */ 'antd-mobile/es/components/infinite-scroll')
        .then((m) => live && setScroll(() => m.default))
        .catch(() => live && setScroll('unavailable'));
    });
    return () => {
      live = false;
    };
  }, []);

  if (Scroll && Scroll !== 'unavailable') {
    return (
      <Scroll loadMore={onLoadMore} hasMore={hasMore} threshold={300} data-paging="on">
        {footer}
      </Scroll>
    );
  }
  return (
    <div className="adm-infinite-scroll">
      {Scroll === 'unavailable' && hasMore ? (
        <button type="button" className="home-list__more" onClick={() => void onLoadMore().catch(() => undefined)}>
          加载更多
        </button>
      ) : (
        footer(hasMore, false, () => undefined)
      )}
    </div>
  );
}
