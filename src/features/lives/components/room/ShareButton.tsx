import { useAppDispatch } from '@/store';
import { liveShareRequested } from '../../store/livesSlice';

/**
 * Share: the share saga opens the system share sheet or copies the link, and says so in the
 * screen's notice. Inside WeChat the menu's own share (set up by the JS-SDK feature) is the usual way.
 */
export function ShareButton({ liveId, title }: { liveId: number; title: string }) {
  const dispatch = useAppDispatch();
  return (
    <button type="button" className="live-share" onClick={() => void dispatch(liveShareRequested({ liveId, title }))}>
      分享给好友
    </button>
  );
}
