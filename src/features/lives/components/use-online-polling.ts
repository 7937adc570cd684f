import { useEffect } from 'react';

import { onlinePollingStarted, onlinePollingStopped } from '../store/lives-slice';

import { useAppDispatch } from '@/store';

/**
 * Online counts and statuses of the rooms a list shows, polled while it is mounted. Keyed by the
 * rooms' ids joined, so a new array with the same rooms does not restart polling.
 */
export function useOnlinePolling(roomIds: readonly string[]): void {
  const dispatch = useAppDispatch();
  const roomKey = roomIds.join(',');
  useEffect(() => {
    if (!roomKey) return undefined;
    dispatch(onlinePollingStarted({ roomIds: roomKey.split(',') }));
    return () => {
      dispatch(onlinePollingStopped());
    };
  }, [dispatch, roomKey]);
}
