import { selectLiveEntities } from '../store/selectors';

import { useAppSelector } from '@/store';

/** "添加到日历": the live's .ics, built on the phone (the builder loads on the tap). */
export function CalendarButton({ liveId }: { liveId: number }) {
  const live = useAppSelector(selectLiveEntities)[liveId];
  if (!live) return null;
  const onClick = () => {
    void import(/* webpackChunkName: "calendar" */ './calendar').then(({ downloadIcs }) =>
      downloadIcs({
        id: live.num_index,
        title: live.title,
        startTime: live.start_time,
        url: globalThis.location?.href ?? '',
      }),
    );
  };
  return (
    <button type="button" className="live-calendar" onClick={onClick} data-testid="add-to-calendar">
      添加到日历
    </button>
  );
}
