import { LeaveMessageForm } from '../components/room/LeaveMessageForm';
import { MessageList, NoticeBar, ProductList, SubscribeButton } from '../components/room/LiveParts';
import { LiveScreenFrame } from '../components/room/LiveScreenFrame';
import { QualifiedGate } from '../components/room/QualifiedGate';
import { RoomStage } from '../components/room/RoomStage';
import { ShareButton } from '../components/room/ShareButton';
import { useLiveScreen } from '../components/room/use-live-screen';
import { roomMessagesRetried } from '../store/live-room-slice';

import { useAppDispatch } from '@/store';

/**
 * The live room (liveDetail and LiveH5Detail), built for watching and talking: the player stays in view
 * (sticky), the chat sits right under it with the message box held at the bottom, products and banners
 * after. It follows the live's status while open: the waiting view becomes the player, the live its replay.
 */
export function LiveRoomView({ variant }: { variant: 'app' | 'h5' }) {
  const dispatch = useAppDispatch();
  const { liveId, room, opened } = useLiveScreen('room');
  return (
    <LiveScreenFrame liveId={liveId} room={room} opened={opened}>
      {(o) => {
        const gate = room.auth && !room.auth.passed;
        return (
          <div className={`live-room live-room--${variant}`}>
            {gate ? (
              <QualifiedGate title={o.live.title} auth={room.auth!} status={room.authStatus} error={room.authError} />
            ) : (
              <>
                <RoomStage opened={o} />
                <div className="live-room__bar">
                  <h1 className="live-room__title">{o.live.title}</h1>
                  <p data-testid="room-online">
                    {/* The stage's badge says 直播已结束 already: once per screen. */}
                    {o.live.status === 1
                      ? `${o.onlines}人在线`
                      : o.live.status === 3
                        ? `${o.playbacks}次回放`
                        : `${o.row.count}`}
                  </p>
                  <ShareButton liveId={o.live.num_index} title={o.live.title} />
                </div>
                <NoticeBar />
                {/* One slot whatever the status, so the page below keeps its place when the live starts or ends. */}
                <div className="room-callout">
                  {o.live.status === 2 ? (
                    <SubscribeButton opened={o} channel="liveApp" />
                  ) : (
                    <p className="room-callout__line" data-testid="room-callout" role="status">
                      {o.live.status === 1 ? '直播进行中' : '可观看回放'}
                      {/* Hidden by CSS once the player plays; same line, so nothing moves. */}
                      <span className="room-callout__hint">
                        {o.live.status === 1 ? ' · 点击上方画面观看' : ' · 点击上方画面播放'}
                      </span>
                    </p>
                  )}
                </div>
                <section className="live-section" aria-label="互动">
                  <h2>互动区</h2>
                  {room.messages.status === 'failed' ? (
                    <div role="alert" className="live-retry">
                      <p>消息加载失败：{room.messages.error?.message}</p>
                      <button
                        type="button"
                        onClick={() => void dispatch(roomMessagesRetried())}
                        data-testid="messages-retry"
                      >
                        重新加载
                      </button>
                    </div>
                  ) : (
                    <MessageList messages={room.messages.data ?? []} />
                  )}
                  {/* Right under the chat and held at the bottom of the screen while it scrolls. */}
                  <div className="live-room__compose">
                    <LeaveMessageForm />
                  </div>
                </section>
                {/* Products and banners follow the talk; each with a page in the store opens it. */}
                <ProductList title="直播间产品" products={room.products} />
                <ProductList title="活动推荐" products={room.banners} />
              </>
            )}
          </div>
        );
      }}
    </LiveScreenFrame>
  );
}
