import type { ApiErrorInfo } from '../../../api/errors';
import type { ActionLog } from '../log-format';

/** What the debug panel's sagas need; the app composes it (src/app/services.ts). */
export interface ActionLogServices {
  exportLog(): ActionLog;
  /** Stores the log on the backend; resolves with the short id. */
  upload(log: ActionLog, note: string): Promise<{ id: string }>;
  /** Hands the log to the browser as a file download. */
  download(log: ActionLog, fileName: string): void;
  /** A stored log by its id (the replay viewer). */
  fetch(id: string): Promise<unknown>;
}

declare module '@/store/services' {
  interface SagaServices {
    /** The action-log recorder's export and upload; absent where nothing records (tests, replay). */
    actionLog?: ActionLogServices;
  }
}

export type ReportStatus = 'idle' | 'sending' | 'sent' | 'failed';
export type ViewerStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface ActionLogState {
  panelOpen: boolean;
  report: { status: ReportStatus; id: string | null; error: ApiErrorInfo | null };
  /** The id of the last log the backend stored: error reports keep carrying it while a newer report is in flight or has failed. */
  lastSentId: string | null;
  lastDownload: string | null;
  downloadError: string | null;
  /** The replay viewer's log fetched by id (its actions are not recorded). */
  viewer: { status: ViewerStatus; id: string | null; log: unknown; error: string | null };
}
