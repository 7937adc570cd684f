/**
 * The tracing integration, a chunk of its own: only a traced load (tracedLoad, one in ten) fetches and runs it.
 */
export { browserTracingIntegration } from '@sentry/react';
