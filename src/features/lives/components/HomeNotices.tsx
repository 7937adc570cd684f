import { liveNoticeDismissed } from '../store/lives-slice';
import type { selectHomeList, selectLiveNotice } from '../store/selectors';
import { CalendarButton } from './CalendarButton';

import { useAppDispatch } from '@/store';

type Props = {
  refreshError: ReturnType<typeof selectHomeList>['refreshError'];
  notice: ReturnType<typeof selectLiveNotice>;
};

/** Above the home list: a failed refresh, and the notice a card's tap left (with the calendar button when it offers one). */
export function HomeNotices({ refreshError, notice }: Props) {
  const dispatch = useAppDispatch();
  return (
    <>
      {refreshError && (
        <p className="home__notice" role="alert">
          刷新失败：{refreshError.message}
        </p>
      )}
      {notice && (
        <p
          className={`home__notice home__notice--${notice.tone}`}
          role={notice.tone === 'error' ? 'alert' : 'status'}
          data-testid="home-notice"
        >
          <span>{notice.text}</span>
          {notice.offerCalendar && <CalendarButton liveId={notice.liveId} />}
          <button
            type="button"
            className="home__notice-close"
            onClick={() => void dispatch(liveNoticeDismissed())}
            aria-label="关闭提示"
          >
            ×
          </button>
        </p>
      )}
    </>
  );
}
