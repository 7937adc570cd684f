import { fireEvent, screen } from '@testing-library/react';

import { isChunkLoadError } from '../lazy-screen';
import { phoneEnv, renderApp } from './test-utils';

import type { GuardEnvironment } from '@/routes';
import { routes } from '@/routes';

const mockEnv: GuardEnvironment = phoneEnv;
jest.mock('@/routes/environment', () => ({ readGuardEnvironment: () => mockEnv }));
jest.mock('../../../features/lives/screens/HomeScreen', () =>
  jest.requireActual('./stub-screens').textScreenModule('home screen'),
);

// The rules chunk fails to download the first `mockFailures` times, like a flaky mobile network.
let mockFailures = 0;
jest.mock('../../../features/invitation/screens/RulesScreen', () => {
  if (mockFailures > 0) {
    mockFailures -= 1;
    throw Object.assign(new Error('Loading chunk rules failed.\n(error: https://x/js/rules.js)'), {
      name: 'ChunkLoadError',
    });
  }
  return { __esModule: true, default: () => <p>rules loaded</p> };
});
// A screen that throws while rendering (a bug, not the network).
jest.mock('../../../features/invitation/screens/RecordScreen', () => ({
  __esModule: true,
  default: () => {
    throw new Error('boom');
  },
}));

beforeEach(() => {
  jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('chunk-load error boundary', () => {
  it('offers a retry that downloads the failed chunk again', async () => {
    mockFailures = 2;
    renderApp(routes.rules.getHref());
    expect(await screen.findByText('页面加载失败')).toBeInTheDocument();
    expect(screen.getByText('网络不太稳定，请检查网络后重试')).toBeInTheDocument();
    // A full page load home also recovers from chunks replaced by a new release.
    expect(screen.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', routes.home.getHref());

    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('页面加载失败')).toBeInTheDocument(); // second failure

    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('rules loaded')).toBeInTheDocument();
    expect(mockFailures).toBe(0);
  });

  it('catches a screen that throws while rendering, and clears on navigation', async () => {
    const app = renderApp(routes.record.getHref());
    expect(await screen.findByText('页面出错了')).toBeInTheDocument();
    await app.go(routes.home.getHref());
    expect(await screen.findByText('home screen')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('isChunkLoadError', () => {
  it('recognises webpack and native dynamic-import failures', () => {
    expect(isChunkLoadError(Object.assign(new Error('x'), { name: 'ChunkLoadError' }))).toBe(true);
    expect(isChunkLoadError(new Error('Loading chunk 123 failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Loading CSS chunk about failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
    expect(isChunkLoadError('Loading chunk 1 failed')).toBe(false);
  });
});
