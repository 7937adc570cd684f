import Button from 'antd-mobile/es/components/button';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { ErrorCode } from '../../../../api/contract/codes';
import { DeadEndPage } from '../../../../ui/DeadEndPage';
import { ErrorBlock } from '../../../../ui/ErrorBlock';
import { type LiveRoomState, liveScreenRetried } from '../../store/live-room-slice';
import type { OpenedLive } from '../../store/room-selectors';
import { useLiveIdSource } from './use-live-screen';

import '../../screens/live-screens.css';

import { getHref } from '@/routes';
import { useAppDispatch } from '@/store';

interface Props {
  liveId: number | null;
  room: LiveRoomState;
  opened: OpenedLive | null;
  children: (opened: OpenedLive) => ReactNode;
}

/** A screen that cannot show its live: what is wrong, and the way to the live list (one look with the 404 page). */
function DeadEnd({ title, description }: { title: string; description: string }) {
  return (
    <DeadEndPage heading="直播" title={title} description={description} homeHref={getHref('home')}>
      <Link className="dead-end__action" to={getHref('home')}>
        查看直播列表
      </Link>
    </DeadEndPage>
  );
}

/** Loading, missing-id, error-with-retry and content states every live screen shares. */
export function LiveScreenFrame({ liveId, room, opened, children }: Props) {
  const dispatch = useAppDispatch();
  const { raw } = useLiveIdSource();
  if (liveId === null) {
    // A link cut short (no id) and a link with a garbled id need different words, same way out.
    return raw ? (
      <DeadEnd
        title="链接有误"
        description={`链接中的直播编号“${raw.slice(0, 24)}”无效，请从直播列表或分享消息重新打开`}
      />
    ) : (
      <DeadEnd title="链接不完整" description="链接缺少直播编号，请从直播列表或分享消息重新打开" />
    );
  }
  // Retrying cannot bring back a live that does not exist: offer the list instead.
  if (room.detail.status === 'failed' && room.detail.error?.code === ErrorCode.notFound) {
    return <DeadEnd title="直播不存在或已下线" description="这场直播可能已被撤下，去看看其他直播吧" />;
  }
  if (room.detail.status === 'failed') {
    return (
      <main className="live-screen">
        <ErrorBlock
          status="disconnected"
          title="直播信息加载失败"
          description={room.detail.error?.message ?? '请稍后重试'}
          fullPage
        >
          <Button color="primary" onClick={() => void dispatch(liveScreenRetried())}>
            重新加载
          </Button>
        </ErrorBlock>
      </main>
    );
  }
  if (!opened) {
    return (
      <main className="live-screen" aria-busy="true">
        <div className="live-skeleton live-skeleton--cover" />
        <div className="live-skeleton live-skeleton--line" />
        <div className="live-skeleton live-skeleton--line short" />
        <p className="live-skeleton__text" role="status">
          正在加载直播信息…
        </p>
      </main>
    );
  }
  return <main className="live-screen">{children(opened)}</main>;
}
