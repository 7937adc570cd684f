import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';

import { liveScreenClosed, type LiveScreenKind, liveScreenOpened } from '../../store/live-room-slice';
import { selectLiveRoom, selectOpenedLive } from '../../store/room-selectors';

import { useAppDispatch, useAppSelector } from '@/store';

/** The live id of the address: the path's {liveid}, else ?liveid= (or ?id= / ?num_index=, as shared links carry). */
/** What the address says the live is (path :liveid, or ?liveid / id / num_index), raw and parsed. */
export function useLiveIdSource(): { id: number | null; raw: string | null } {
  const { liveid } = useParams();
  const [query] = useSearchParams();
  const raw = liveid ?? query.get('liveid') ?? query.get('id') ?? query.get('num_index');
  const id = raw && /^\d{1,9}$/.test(raw.trim()) ? Number(raw.trim()) : null;
  return { id: id !== null && id > 0 ? id : null, raw: raw?.trim() ? raw.trim() : null };
}

export function useLiveIdParam(): number | null {
  return useLiveIdSource().id;
}

/** Opens the screen's live in the store on mount and closes it on leave (which stops its sagas). */
export function useLiveScreen(screen: LiveScreenKind) {
  const dispatch = useAppDispatch();
  const liveId = useLiveIdParam();
  useEffect(() => {
    if (liveId === null) return undefined;
    dispatch(liveScreenOpened({ liveId, screen }));
    return () => {
      dispatch(liveScreenClosed());
    };
  }, [dispatch, liveId, screen]);
  const room = useAppSelector(selectLiveRoom);
  const opened = useAppSelector(selectOpenedLive);
  return { liveId, room, opened };
}
