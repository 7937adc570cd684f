import { configureStore } from '@reduxjs/toolkit';

import { createErrorReporter, type ReportContext } from '../reporter';

import { actionLogReported, actionLogReportRequested, actionLogReportTags } from '@/features/action-log';
import { rootReducer } from '@/store';

/** Error reports carry the id of the action log sent with them, wired as src/app/boot.tsx does. */
function setup() {
  const store = configureStore({
    reducer: rootReducer,
    middleware: (d) => d({ serializableCheck: false, immutableCheck: false }),
  });
  const reporter = createErrorReporter();
  reporter.setTagProvider(() => actionLogReportTags(store.getState()));
  const seen: [unknown, ReportContext][] = [];
  const backend = { capture: (error: unknown, context: ReportContext) => seen.push([error, context]) };
  return { store, reporter, seen, backend };
}

test('before any log is sent, reports keep their own tags only', () => {
  const { reporter, seen, backend } = setup();
  reporter.attach(backend);
  reporter.capture(new Error('boom'), { tags: { source: 'react' } });
  expect(seen[0]?.[1]).toEqual({ tags: { source: 'react' } });
});

test('after a log is sent, every report is tagged with its id', () => {
  const { store, reporter, seen, backend } = setup();
  reporter.attach(backend);
  store.dispatch(actionLogReportRequested({ note: '列表空白' }));
  store.dispatch(actionLogReported({ id: 'K7QF-3XMB' }));
  reporter.capture(new Error('boom'), { tags: { source: 'window' }, extra: { a: 1 } });
  reporter.capture('no context');
  expect(seen.map(([, c]) => c)).toEqual([
    { tags: { action_log_id: 'K7QF-3XMB', source: 'window' }, extra: { a: 1 } },
    { tags: { action_log_id: 'K7QF-3XMB' } },
  ]);
});

test('a report queued before the SDK loads keeps the id of the moment it was captured', () => {
  const { store, reporter, seen, backend } = setup();
  store.dispatch(actionLogReportRequested({ note: '' }));
  store.dispatch(actionLogReported({ id: 'AAAA-2222' }));
  reporter.capture(new Error('early'));
  store.dispatch(actionLogReportRequested({ note: '' }));
  store.dispatch(actionLogReported({ id: 'BBBB-3333' }));
  reporter.attach(backend);
  reporter.capture(new Error('late'));
  expect(seen.map(([, c]) => c.tags?.action_log_id)).toEqual(['AAAA-2222', 'BBBB-3333']);
});

test("the report's own tag wins, and a provider that throws does not lose the report", () => {
  const reporter = createErrorReporter();
  const seen: ReportContext[] = [];
  reporter.attach({ capture: (_e, c) => seen.push(c) });
  reporter.setTagProvider(() => ({ action_log_id: 'AAAA-2222' }));
  reporter.capture(new Error('x'), { tags: { action_log_id: 'given' } });
  reporter.setTagProvider(() => {
    throw new Error('provider broke');
  });
  reporter.capture(new Error('y'), { tags: { source: 'react' } });
  expect(seen).toEqual([{ tags: { action_log_id: 'given' } }, { tags: { source: 'react' } }]);
});
