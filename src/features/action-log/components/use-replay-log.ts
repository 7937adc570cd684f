import { useEffect, useMemo, useState } from 'react';

import { logFromFile } from '../fixture';
import { type ActionLog, ActionLogFormatError } from '../log-format';
import { actionLogViewerRequested } from '../store/action-log-slice';
import { selectActionLogViewer } from '../store/selectors';

import { useAppDispatch, useAppSelector } from '@/store';

/** The log on screen: one opened from a file wins over the one fetched by `?id=`. */
export function useReplayLog(params: URLSearchParams) {
  const dispatch = useAppDispatch();
  const viewer = useAppSelector(selectActionLogViewer);
  const id = params.get('id');
  const [local, setLocal] = useState<{ log: ActionLog | null; error: string | null }>({ log: null, error: null });
  useEffect(() => {
    if (id) dispatch(actionLogViewerRequested({ id }));
  }, [dispatch, id]);
  const fromServer = useMemo(() => {
    if (viewer.status !== 'loaded') return { log: null, error: null };
    try {
      return { log: logFromFile(viewer.log), error: null };
    } catch (error) {
      return { log: null, error: error instanceof Error ? error.message : String(error) };
    }
  }, [viewer]);
  const open = (text: string) => {
    try {
      // A log file, or a regression case of __tests__/replays ({ description, log, expect }).
      setLocal({ log: logFromFile(text), error: null });
    } catch (error) {
      setLocal({ log: null, error: error instanceof ActionLogFormatError ? error.message : String(error) });
    }
  };
  const log = local.log ?? fromServer.log;
  const error =
    local.error ??
    fromServer.error ??
    (viewer.status === 'failed' ? `读取日志 ${viewer.id} 失败：${viewer.error}` : null);
  return {
    log,
    error,
    open,
    loading: viewer.status === 'loading' && !local.log,
    retry: () => id && dispatch(actionLogViewerRequested({ id })),
  };
}
