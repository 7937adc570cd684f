import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { currentEnvironment } from './api';
import { App } from './app/App';
import { createSagaServices, type Navigator } from './app/services';
import { createAppStore } from './app/store/configureAppStore';
import 'antd-mobile/es/global';
import './ui/global.css';

// Entry: pick the environment by host, make the store, render.
const environment = currentEnvironment();
const navigator: Navigator = { current: null };
const store = createAppStore({ services: createSagaServices(environment, navigator) });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App store={store} navigator={navigator} />
  </StrictMode>,
);
