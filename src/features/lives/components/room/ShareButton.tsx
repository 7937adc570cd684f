import { selectLivesState } from '../../store/lives-slice';
import { liveShareGuideClosed, liveShareRequested } from '../../store/lives-slice';

import type { RootState } from '@/store';
import { useAppDispatch, useAppSelector } from '@/store';

/**
 * Share: the share saga opens the system share sheet or copies the link, and says so in the
 * screen's notice. Inside WeChat the menu's own share (set up by the JS-SDK feature) is the usual way.
 */
export function ShareButton({ liveId, title }: { liveId: number; title: string }) {
  const dispatch = useAppDispatch();
  const guide = useAppSelector((s: RootState) => selectLivesState(s).shareGuide);
  return (
    <>
      <button
        type="button"
        className="live-share"
        onClick={() => void dispatch(liveShareRequested({ liveId, title }))}
        data-testid="share"
      >
        分享给好友
      </button>
      {guide && (
        <button
          type="button"
          className="share-guide"
          onClick={() => void dispatch(liveShareGuideClosed())}
          data-testid="share-guide"
          aria-label="关闭分享指引"
        >
          <span className="share-guide__arrow" aria-hidden="true">
            ↗
          </span>
          <span className="share-guide__text">点击右上角 ··· 分享给好友或朋友圈</span>
        </button>
      )}
    </>
  );
}
