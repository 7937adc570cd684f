import type { AxiosInstance } from 'axios';
import { isActionLogReceipt } from '@/api/generated/action-log';
import { ApiError } from '../../api/errors';
import { requestData } from '../../api/request';
import type { Recorder } from './recorder';
import type { ActionLogServices } from './store/types';

/** Where logs go: the own backend (the tracking client), beside the error reports. */
export const ACTION_LOGS_PATH = '/api/debug/action-logs';


const empty = () => new ApiError({ kind: 'network', detail: 'empty answer' });

/** The debug panel's and the viewer's outside world, built once by the app. */
export function createActionLogServices(recorder: Recorder, client: AxiosInstance): ActionLogServices {
  return {
    exportLog: () => recorder.exportLog(),
    async upload(log, note) {
      const stored = await requestData(client, { method: 'POST', url: ACTION_LOGS_PATH, data: { log, ...(note ? { note } : {}) } }, isActionLogReceipt);
      if (!stored) throw empty();
      return { id: stored.id };
    },
    async fetch(id) {
      const got = await requestData(
        client,
        { method: 'GET', url: `${ACTION_LOGS_PATH}/${encodeURIComponent(id)}` },
        (v): v is { log: unknown } => typeof v === 'object' && v !== null && 'log' in v,
      );
      if (!got) throw empty();
      return got.log;
    },
    download(log, fileName) {
      const url = URL.createObjectURL(new Blob([JSON.stringify(log)], { type: 'application/json' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = fileName;
      document.body.appendChild(a);
      a.click();
      a.remove();
      // The click has started the download; the object URL is no longer needed.
      URL.revokeObjectURL(url);
    },
  };
}
