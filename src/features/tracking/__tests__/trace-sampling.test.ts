import * as Sentry from '@sentry/react';

import { tracedLoad, TRACES_SAMPLE_RATE } from '../errors/sampling';
import { startSentry } from '../errors/sentry';
import { browserTracingIntegration } from '../errors/sentry-tracing';

describe('trace sampling, decided once per page load', () => {
  test('one load in ten is traced: a draw under 0.1 is, 0.1 and over is not', () => {
    expect(TRACES_SAMPLE_RATE).toBe(0.1);
    expect(tracedLoad(() => 0)).toBe(true);
    expect(tracedLoad(() => 0.0999)).toBe(true);
    expect(tracedLoad(() => 0.1)).toBe(false);
    expect(tracedLoad(() => 0.99)).toBe(false);
    // Math.random by default: about a tenth of many loads.
    const traced = Array.from({ length: 20_000 }, () => tracedLoad()).filter(Boolean).length;
    expect(traced).toBeGreaterThan(1_600);
    expect(traced).toBeLessThan(2_400);
  });

  // jsdom has no performance timeline; a browser's gives the tracing its navigation and paint entries.
  beforeAll(() => {
    if (typeof performance.getEntriesByType !== 'function')
      Object.defineProperty(performance, 'getEntriesByType', { value: () => [], configurable: true });
  });
  const setup = { dsn: 'http://local@127.0.0.1:9/error-report/1', environment: 'local', release: 'r', tags: {} };
  afterEach(() => Sentry.getClient()?.close(0));

  test('a load that is not traced starts reporting without the tracing integration or a sample rate', () => {
    startSentry({ ...setup, tracing: null });
    const client = Sentry.getClient()!;
    expect(client.getOptions().tracesSampleRate).toBeUndefined();
    expect(client.getIntegrationByName('BrowserTracing')).toBeUndefined();
    // Errors are still reported: the global handlers are the SDK's defaults.
    expect(client.getIntegrationByName('GlobalHandlers')).toBeDefined();
  });

  test('a traced load traces every span of the load, with the integration from its own chunk', () => {
    startSentry({ ...setup, tracing: browserTracingIntegration() });
    const client = Sentry.getClient()!;
    expect(client.getOptions().tracesSampleRate).toBe(1);
    expect(client.getIntegrationByName('BrowserTracing')).toBeDefined();
  });

  test('errors are reported from the start; the rest of the defaults are added one waiting moment each', async () => {
    const moments: Array<() => void> = [];
    const between = () => new Promise<void>((resolve) => moments.push(resolve));
    startSentry({ ...setup, tracing: null }, between);
    const client = Sentry.getClient()!;
    const present = (names: string[]) => names.filter((name) => client.getIntegrationByName(name));
    const atStart = ['GlobalHandlers', 'EventFilters', 'FunctionToString', 'LinkedErrors', 'Dedupe', 'HttpContext'];
    // The SDK's own order: the instrumentation of the page's APIs and the breadcrumbs first.
    const later = ['ConversationId', 'BrowserApiErrors', 'Breadcrumbs', 'Console', 'CultureContext', 'BrowserSession'];
    expect(Sentry.getDefaultIntegrations({}).map((i) => i.name)).toEqual(
      expect.arrayContaining([...atStart, ...later]),
    );
    expect(present(atStart)).toEqual(atStart);
    expect(present(later)).toEqual([]);
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    await settle();
    expect(moments).toHaveLength(1);
    for (let n = 1; n <= later.length; n += 1) {
      moments.shift()!();
      await settle();
      expect(present(later)).toEqual(later.slice(0, n));
    }
    expect(moments).toHaveLength(0);
  });
});
