/**
 * The light half of error reporting, in the first load: it queues reports until the SDK
 * (loaded after first paint) takes over, so nothing thrown early is lost.
 */
export interface ReportContext {
  tags?: Record<string, string>;
  extra?: Record<string, unknown>;
}

export interface ReportBackend {
  capture(error: unknown, context: ReportContext): void;
}

export interface ErrorReporter {
  capture(error: unknown, context?: ReportContext): void;
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
  const queue: [unknown, ReportContext][] = [];
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
      if (disabled) return;
      if (backend) backend.capture(error, tagged(context));
      else if (queue.length < MAX_QUEUE) queue.push([error, tagged(context)]);
    },
    setTagProvider(provider) {
      tagProvider = provider;
    },
    attach(b) {
      unlisten?.();
      unlisten = null;
      backend = b;
      for (const [error, context] of queue.splice(0)) b.capture(error, context);
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
