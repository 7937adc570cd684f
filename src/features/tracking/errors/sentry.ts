import * as Sentry from '@sentry/react';

import { IGNORE_ERRORS, scrubEvent } from './options';
import type { ReportBackend } from './reporter';

export interface SentrySetup {
  dsn: string;
  environment: string;
  release: string;
  tags: Record<string, string>;
  /** Reports the SDK sends, with their event ids (its own handlers' included): the action log notes them. */
  onSent?: (error: unknown, eventId: string) => void;
  /** The tracing integration on a traced load (tracedLoad), from its own chunk; null on the others. */
  tracing: ReturnType<typeof Sentry.browserTracingIntegration> | null;
}

/** The lazily loaded chunk: starts the SDK and answers the backend the reporter hands over to. */
export function startSentry(setup: SentrySetup): ReportBackend {
  Sentry.init({
    dsn: setup.dsn,
    environment: setup.environment,
    release: setup.release,
    // The load's one draw (tracedLoad) made the choice: a traced load samples every span, the others none.
    ...(setup.tracing ? { tracesSampleRate: 1, integrations: [setup.tracing] } : {}),
    ignoreErrors: IGNORE_ERRORS,
    initialScope: { tags: setup.tags },
    beforeSend: (event, hint) => {
      if (event.event_id && hint.originalException instanceof Error)
        setup.onSent?.(hint.originalException, event.event_id);
      return scrubEvent(event);
    },
    beforeBreadcrumb: (crumb) =>
      crumb.message ? { ...crumb, message: crumb.message.replace(/token=[^&]+/gi, 'token=[已隐藏]') } : crumb,
  });
  return {
    capture(error, context, eventId) {
      Sentry.withScope((scope) => {
        if (context.tags) scope.setTags(context.tags);
        if (context.extra) scope.setExtras(context.extra);
        if (error instanceof Error) Sentry.captureException(error, { event_id: eventId });
        else
          scope.captureMessage(typeof error === 'string' ? error : JSON.stringify(error), 'error', {
            event_id: eventId,
          });
      });
    },
  };
}
