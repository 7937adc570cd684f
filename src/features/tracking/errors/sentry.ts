import * as Sentry from '@sentry/react';

import { whenIdle } from '../../../platform/after-load';
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

/**
 * The SDK's default integrations an error report needs from the start: the global handlers catch, the filters apply
 * the ignore list, linked causes and duplicates are resolved, the page's address rides along. The others (the
 * breadcrumbs' and API wrappers' instrumentation, the session, the console) are added after, one idle moment each.
 */
const AT_START = new Set([
  'GlobalHandlers',
  'EventFilters',
  'FunctionToString',
  'LinkedErrors',
  'Dedupe',
  'HttpContext',
]);

/**
 * The lazily loaded chunk: starts the SDK and answers the backend the reporter hands over to. The SDK's start with
 * all of its defaults was one task of 60-70 ms on Lighthouse's slowed phone (each integration instruments the page
 * as it is set up); `between` settles when the next one may be added.
 */
export function startSentry(setup: SentrySetup, between: () => Promise<void> = whenIdle): ReportBackend {
  const defaults = Sentry.getDefaultIntegrations({});
  const client = Sentry.init({
    dsn: setup.dsn,
    environment: setup.environment,
    release: setup.release,
    defaultIntegrations: defaults.filter((integration) => AT_START.has(integration.name)),
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
  void (async () => {
    for (const integration of defaults.filter((i) => !AT_START.has(i.name))) {
      await between();
      client?.addIntegration(integration);
    }
  })().catch((err: unknown) => console.warn(`[tracking] error reporting integration: ${String(err)}`));
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
