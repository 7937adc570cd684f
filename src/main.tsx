import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { currentEnvironment } from './api';
import { App } from './app/App';
import { createSagaServices, type Navigator } from './app/services';
import { createAppStore } from './app/store/configureAppStore';
import { actionLogReportTags, createBrowserRecorder, exposeForDebugging } from '@/features/action-log';
import { appErrorReporter } from '@/features/tracking';
import 'antd-mobile/es/global';
import './ui/global.css';

// Entry: pick the environment by host, make the store, render.
const environment = currentEnvironment();
const navigator: Navigator = { current: null };
// Recorded from the first action so a reported problem comes with what led to it.
const recorder = createBrowserRecorder(environment.name);
const store = createAppStore({ services: createSagaServices(environment, navigator, recorder), recorder: recorder.middleware });
exposeForDebugging(store, recorder, environment.name);
// Every error report names the action log the user sent, so the two can be read together.
appErrorReporter.setTagProvider(() => actionLogReportTags(store.getState()));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// Errors the screens' error boundaries catch never reach window handlers: report them here.
createRoot(container, {
  onCaughtError: (error, info) => {
    console.error(error);
    appErrorReporter.capture(error, { tags: { source: 'react', path: location.pathname }, extra: { componentStack: info.componentStack } });
  },
}).render(
  <StrictMode>
    <App store={store} navigator={navigator} />
  </StrictMode>,
);
