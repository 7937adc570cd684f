import { localEnvironment } from '../../../config/environments';
import example from '../../../config/remote.example.json';
import { currentEnvironment, remoteValues } from '../environment';

const holder = globalThis as { __REMOTE_ENVIRONMENTS__?: unknown };

afterEach(() => {
  delete holder.__REMOTE_ENVIRONMENTS__;
});

describe('currentEnvironment', () => {
  it('treats a missing __REMOTE_ENVIRONMENTS__ (jest, unconfigured builds) as no remote values', () => {
    expect(remoteValues()).toEqual({});
    expect(currentEnvironment('t1.x.com').endpoints.liveApp).toBe(
      'https://unconfigured.t1.invalid/live-api/cs-live-app',
    );
  });

  it('defaults to the page host name (jsdom runs on localhost)', () => {
    expect(currentEnvironment()).toBe(localEnvironment);
  });

  it('uses the build-time values for remote hosts', () => {
    holder.__REMOTE_ENVIRONMENTS__ = { t3: { ...example.t3, name: 't3' } };
    const env = currentEnvironment('M-T3.x.com.');
    expect(env.name).toBe('t3');
    expect(env.endpoints.marketMap).toBe('https://t3.api.example.invalid/market_map_url');
    expect(env.errorReportingDsn).toBe(example.t3.errorReportingDsn);
    expect(currentEnvironment('live.x.com').name).toBe('production');
  });
});
