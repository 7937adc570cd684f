import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client';

import { App } from './App';
import { screenRouteOf } from './router';
import { createSagaServices, type Navigator } from './services';
import { createAppStoreWithSagaStart } from './store/configure-app-store';

import { currentEnvironment } from '@/api';
import {
  actionLogReportTags,
  createBrowserRecorder,
  createFaultJournal,
  createSagaTriggers,
  exposeForDebugging,
} from '@/features/action-log';
import { startupIsUrgent } from '@/features/session';
import { appErrorReporter } from '@/features/tracking';
import type { RouteName } from '@/routes';
import { SSR_DATA_ID, type SsrData, ssrDataHydrated } from '@/store';

/** Picks the environment by host, makes the store, renders (the entry, src/main.tsx, runs it). */
export function boot() {
  const environment = currentEnvironment();
  const navigator: Navigator = { current: null };
  // Recorded from the first action so a reported problem comes with what led to it.
  const recorder = createBrowserRecorder(environment.name, { soon: startupIsUrgent() });
  const sagaTriggers = createSagaTriggers();
  const { store, startSagas } = createAppStoreWithSagaStart({
    services: createSagaServices(environment, navigator, recorder, sagaTriggers),
    recorder: recorder.middleware,
    sagaTracking: sagaTriggers,
  });
  exposeForDebugging(store, recorder, environment.name);
  // Every error report names this tab's recording and the action log the user sent, and the log keeps each report's
  // event id beside the fault, so the two can be read together.
  appErrorReporter.setTagProvider(() => ({
    action_log_recording: recorder.recordingId,
    ...actionLogReportTags(store.getState()),
  }));
  const faults = createFaultJournal(recorder, sagaTriggers.current);
  faults.watch(window);
  appErrorReporter.setCaptureListener((error, eventId) => faults.fault('report', error, eventId));

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  // Errors the screens' error boundaries catch never reach window handlers: report them here.
  const rootOptions: RootOptions = {
    onCaughtError: (error, info) => {
      console.error(error);
      appErrorReporter.capture(error, {
        tags: { source: 'react', path: location.pathname },
        extra: { componentStack: info.componentStack },
      });
    },
  };

  /** The data a server-rendered page was rendered from (server/ssr/page.ts), or null: render in the browser. */
  function readSsrData(): SsrData | null {
    const block = document.getElementById(SSR_DATA_ID);
    if (!block || !container?.dataset.ssr) return null;
    try {
      return JSON.parse(block.textContent ?? '') as SsrData;
    } catch {
      return null;
    }
  }

  const ssr = readSsrData();
  // The screen's chunk is asked for now (its lazy slices must be in the store for the data), so its download
  // overlaps the next task.
  const screenLoaded = ssr ? screenRouteOf(ssr.route as RouteName).preload() : null;

  // The sagas' first steps, then the first render, in a task of their own: with the store's making they were one
  // task of about 100 ms on Lighthouse's slowed phone. The sagas start before anything is dispatched or rendered
  // (a chunk loaded already resolves no sooner than this task's microtasks).
  setTimeout(() => {
    startSagas();
    if (ssr && screenLoaded) {
      void screenLoaded.then(() => {
        // One action: the store (and a replay of its log) holds what the server rendered.
        store.dispatch(ssrDataHydrated(ssr));
        // In a transition the hydration yields to the browser every few milliseconds (a tap is handled between two
        // slices) instead of holding the main thread for the whole tree; the server's HTML is on screen meanwhile.
        startTransition(() => {
          hydrateRoot(
            container,
            <StrictMode>
              <App store={store} navigator={navigator} serverState={store.getState()} />
            </StrictMode>,
            rootOptions,
          );
        });
      });
    } else {
      createRoot(container, rootOptions).render(
        <StrictMode>
          <App store={store} navigator={navigator} />
        </StrictMode>,
      );
    }
  }, 0);
}
