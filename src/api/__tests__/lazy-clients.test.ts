import { isNetworkEmptyResponse, serviceOf } from '../client-meta';
import { createLazyServiceClients } from '../lazy-clients';
import { requestData } from '../request';
import { fakeTransport, ok, testContext, testEnvironment } from '../testing/fake-transport';

describe('lazy clients: axios arrives with the first request', () => {
  it('sends through the real client: its address, signing and token, and the answer it gets', async () => {
    const transport = fakeTransport({ status: 200, body: ok({ n: 1 }) });
    const { clients } = createLazyServiceClients(testEnvironment, testContext(), transport.adapter);
    await expect(requestData(clients.liveApp, { method: 'GET', url: '/api/x' })).resolves.toEqual({ n: 1 });
    expect(transport.last().baseURL).toBe(testEnvironment.endpoints.liveApp);
    expect(transport.last().headers.authorization).toBe('Bearer user-token-1');
    expect(transport.last().headers).toHaveProperty('signature');
  });

  it("makes a service's client at that service's first request, once", async () => {
    const services = await import('../services');
    const make = jest.spyOn(services, 'createServiceClientOf');
    try {
      const transport = fakeTransport({ status: 200, body: ok({ n: 1 }) });
      const { clients } = createLazyServiceClients(testEnvironment, testContext(), transport.adapter);
      await requestData(clients.liveApp, { method: 'GET', url: '/api/a' });
      await requestData(clients.liveApp, { method: 'GET', url: '/api/b' });
      await requestData(clients.common, { method: 'GET', url: '/c' });
      expect(make.mock.calls.map(([service]) => service)).toEqual(['liveApp', 'common']);
      expect(transport.sent.map((r) => r.url)).toEqual(['/api/a', '/api/b', '/c']);
    } finally {
      make.mockRestore();
    }
  });

  it('knows its service and base address before axios has loaded', () => {
    const { clients } = createLazyServiceClients(testEnvironment, testContext(), fakeTransport().adapter);
    expect(serviceOf(clients.marketMap)).toBe('marketMap');
    expect(clients.marketMap.defaults.baseURL).toBe(testEnvironment.endpoints.marketMap);
  });

  it('a request cancelled before it was sent never reaches the network', async () => {
    const transport = fakeTransport();
    const { clients } = createLazyServiceClients(testEnvironment, testContext(), transport.adapter);
    const controller = new AbortController();
    const answer = clients.common.request({ method: 'GET', url: '/x', signal: controller.signal });
    controller.abort();
    await expect(answer).rejects.toMatchObject({ kind: 'cancelled' });
    expect(transport.sent).toHaveLength(0);
  });
});

describe('lazy clients whose code cannot load (a phone that went offline)', () => {
  afterEach(() => jest.dontMock('../services'));

  async function offlineClients(reportError = jest.fn(), transport = fakeTransport()) {
    jest.resetModules();
    jest.doMock('../services', () => {
      throw new Error('Loading chunk api-clients failed');
    });
    const lazy = await import('../lazy-clients');
    const context = testContext({ reportError });
    return { reportError, transport, ...lazy.createLazyServiceClients(testEnvironment, context, transport.adapter) };
  }

  it('answers as the client answers a network failure: empty on the live client, ApiError network elsewhere', async () => {
    const { clients } = await offlineClients();
    const empty = await clients.liveApp.request({ method: 'GET', url: '/api/live/x' });
    expect(isNetworkEmptyResponse(empty)).toBe(true);
    // The module registry was reset for the failing load, so the class is that registry's ApiError.
    await expect(clients.common.request({ method: 'GET', url: '/x' })).rejects.toMatchObject({
      name: 'ApiError',
      kind: 'network',
      service: 'common',
      url: '/x',
    });
  });

  it('reports the marketing map failure as its client does', async () => {
    const { clients, reportError } = await offlineClients();
    await expect(clients.marketMap.request({ method: 'GET', url: '/chance-card/list' })).rejects.toMatchObject({
      kind: 'network',
    });
    expect(reportError).toHaveBeenCalledTimes(1);
  });

  it('tries again with the next request', async () => {
    const { clients, load, transport } = await offlineClients();
    await expect(load()).rejects.toThrow('Loading chunk api-clients failed');
    jest.dontMock('../services');
    jest.resetModules();
    await expect(clients.common.request({ method: 'GET', url: '/x' })).resolves.toMatchObject({ status: 200 });
    expect(transport.sent.map((r) => r.url)).toEqual(['/x']);
  });
});
