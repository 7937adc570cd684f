import { Link } from 'react-router-dom';

import { LiveHeader } from '../components/room/LiveParts';
import { LiveScreenFrame } from '../components/room/LiveScreenFrame';
import { useLiveScreen } from '../components/room/use-live-screen';

import { getHref } from '@/routes';

/**
 * liveMiniApp?liveid=: a shared live that plays best in the mini-program. Outside WeChat the
 * mini-program cannot open, so the H5 room is offered beside the jump.
 */
export default function LiveMiniAppScreen() {
  const { liveId, room, opened } = useLiveScreen('miniApp');
  return (
    <LiveScreenFrame liveId={liveId} room={room} opened={opened}>
      {(o) => (
        <>
          <LiveHeader opened={o} />
          <section className="live-section">
            <h2>在小程序中观看</h2>
            <p className="live-text">长按识别或在微信中打开，即可进入小程序观看直播、预约提醒和回放。</p>
            <Link
              className="live-cta"
              to={getHref('jumpToMini', undefined, {
                path: getHref('liveDetail', { liveid: String(o.live.num_index) }),
              })}
            >
              打开小程序
            </Link>
            <Link className="live-link" to={getHref('liveH5Detail', { liveid: String(o.live.num_index) })}>
              直接在网页中观看
            </Link>
          </section>
        </>
      )}
    </LiveScreenFrame>
  );
}
