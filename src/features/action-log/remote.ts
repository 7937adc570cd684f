import type { ActionLog } from './log-format';

import type { ServiceClient } from '@/api';
import { ApiError } from '@/api/errors';
import { isActionLogReceipt } from '@/api/generated/action-log';
import { requestData } from '@/api/request';

/** Where logs go: the own backend (the tracking client), beside the error reports. */
export const ACTION_LOGS_PATH = '/api/debug/action-logs';

const empty = () => new ApiError({ kind: 'network', detail: 'empty answer' });

/**
 * The two requests of the debug panel and the viewer, in their own chunk: nobody sends or reads a
 * log before the first screen, so these and their generated response check stay out of the first load.
 */
export function createActionLogRemote(client: ServiceClient) {
  return {
    async upload(log: ActionLog, note: string): Promise<{ id: string }> {
      const stored = await requestData(
        client,
        { method: 'POST', url: ACTION_LOGS_PATH, data: { log, ...(note ? { note } : {}) } },
        isActionLogReceipt,
      );
      if (!stored) throw empty();
      return { id: stored.id };
    },
    async fetch(id: string): Promise<unknown> {
      const got = await requestData(
        client,
        { method: 'GET', url: `${ACTION_LOGS_PATH}/${encodeURIComponent(id)}` },
        (v): v is { log: unknown } => typeof v === 'object' && v !== null && 'log' in v,
      );
      if (!got) throw empty();
      return got.log;
    },
  };
}
export type ActionLogRemote = ReturnType<typeof createActionLogRemote>;
