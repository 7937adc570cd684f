/**
 * The light half of error reporting, in the first load: it queues reports until the SDK
 * (loaded after first paint) takes over, so nothing thrown early is lost.
 */
import { randomNonce } from '../../../lib/random';

export interface ReportContext {
  tags?: Record<string, string>;
  extra?: Record<string, unknown>;
}

export interface ReportBackend {
  /** `eventId`: the id the report is sent under (chosen here, so a report queued before the SDK keeps it). */
  capture(error: unknown, context: ReportContext, eventId: string): void;
}

/** Told of every report with its event id (the action log keeps the id beside the fault). */
export type CaptureListener = (error: unknown, eventId: string) => void;

export interface ErrorReporter {
  /** Returns the event id the report goes out under ('' when reporting is off here). */
  capture(error: unknown, context?: ReportContext): string;
  /** Reports the SDK made by itself (its own window handlers), with their ids: passed on to the listener. */
  captured(error: unknown, eventId: string): void;
  setCaptureListener(listener: CaptureListener | null): void;
  /** Hands over to the loaded SDK and replays the queue in order. */
  attach(backend: ReportBackend): void;
  /** No address in this environment: drop the queue and stop queueing. */
  disable(): void;
  pending(): number;
  /** Window errors before the SDK loads (it installs its own handlers after). */
  listen(target: Pick<Window, 'addEventListener' | 'removeEventListener'>): void;
  /** Tags read when an error is captured (e.g. the id of the last action log sent); the report's own tags win. */
  setTagProvider(provider: (() => Record<string, string>) | null): void;
}

const MAX_QUEUE = 50;

export function createErrorReporter(): ErrorReporter {
  let backend: ReportBackend | null = null;
  let disabled = false;
  const queue: [unknown, ReportContext, string][] = [];
  let listener: CaptureListener | null = null;
  const tell = (error: unknown, eventId: string) => {
    try {
      listener?.(error, eventId);
    } catch {
      // A failing listener must not lose the report.
    }
  };
  let unlisten: (() => void) | null = null;
  let tagProvider: (() => Record<string, string>) | null = null;
  // Read at capture time: a report queued before the SDK loads keeps the id of that moment.
  const tagged = (context: ReportContext): ReportContext => {
    let extra: Record<string, string> = {};
    try {
      extra = tagProvider?.() ?? {};
    } catch {
      // A failing provider must not lose the report it was meant to enrich.
    }
    return Object.keys(extra).length ? { ...context, tags: { ...extra, ...context.tags } } : context;
  };
  return {
    capture(error, context = {}) {
      if (disabled) return '';
      const eventId = randomNonce();
      if (backend) backend.capture(error, tagged(context), eventId);
      else if (queue.length < MAX_QUEUE) queue.push([error, tagged(context), eventId]);
      else return '';
      tell(error, eventId);
      return eventId;
    },
    captured: (error, eventId) => tell(error, eventId),
    setCaptureListener(l) {
      listener = l;
    },
    setTagProvider(provider) {
      tagProvider = provider;
    },
    attach(b) {
      unlisten?.();
      unlisten = null;
      backend = b;
      for (const [error, context, eventId] of queue.splice(0)) b.capture(error, context, eventId);
    },
    disable() {
      unlisten?.();
      disabled = true;
      queue.length = 0;
    },
    pending: () => queue.length,
    listen(target) {
      const onError = (e: Event) =>
        this.capture((e as ErrorEvent).error ?? (e as ErrorEvent).message, { tags: { source: 'window' } });
      const onRejection = (e: Event) =>
        this.capture((e as PromiseRejectionEvent).reason, { tags: { source: 'unhandledrejection' } });
      target.addEventListener('error', onError);
      target.addEventListener('unhandledrejection', onRejection);
      unlisten = () => {
        target.removeEventListener('error', onError);
        target.removeEventListener('unhandledrejection', onRejection);
      };
    },
  };
}

/** The page's one reporter: the HTTP layer, the React root and the tracking saga share it. */
export const appErrorReporter: ErrorReporter = createErrorReporter();
