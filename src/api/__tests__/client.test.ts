import { createServiceClient } from '../client';
import { SERVICE_PROFILES, type ServiceName, TIMEOUT_MS } from '../services';
import { ALL_SERVICES, fakeClients, fakeTransport, testEnvironment } from '../testing/fake-transport';

describe('one client per remote service (docs/rules/services.md)', () => {
  it('points each client at its environment endpoint', async () => {
    const { transport, clients } = fakeClients();
    for (const name of ALL_SERVICES) {
      await clients[name].get('/ping');
      expect(transport.last().baseURL).toBe(testEnvironment.endpoints[name]);
    }
  });

  it('sends JSON', async () => {
    const { transport, clients } = fakeClients();
    await clients.liveApp.post('/api/live/subscribe', { num_index: 1 });
    expect(transport.last().headers['content-type']).toMatch(/^application\/json/);
    expect(transport.last().body).toBe('{"num_index":1}');
  });
});

describe('credentials from the injected context, never from storage', () => {
  it('sends the stored token as Authorization: Bearer on token-bearing clients', async () => {
    const { transport, clients } = fakeClients();
    for (const name of ALL_SERVICES.filter((n) => n !== 'marketMap')) {
      await clients[name].get('/me');
      expect(transport.last().headers.authorization).toBe('Bearer user-token-1');
    }
  });

  it('sends no Authorization when no token is stored', async () => {
    const { transport, clients } = fakeClients({ credentials: { token: undefined } });
    await clients.liveApp.get('/me');
    expect(transport.last().headers).not.toHaveProperty('authorization');
  });

  it('reads the credentials again for every request (a new sign-in applies at once)', async () => {
    let token = 'old';
    const { transport, clients } = fakeClients({ getCredentials: () => ({ appKey: 'wna', token }) });
    await clients.liveApp.get('/a');
    token = 'new';
    await clients.liveApp.get('/b');
    expect(transport.sent.map((r) => r.headers.authorization)).toEqual(['Bearer old', 'Bearer new']);
  });

  it('never reads localStorage', async () => {
    const spy = jest.spyOn(Storage.prototype, 'getItem');
    const { clients } = fakeClients();
    await clients.invitation.post('/invite/friendList', {});
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });
});

describe('service-specific headers', () => {
  it('the invitation service adds mgmtoken; no other client does', async () => {
    const { transport, clients } = fakeClients();
    await clients.invitation.post('/invite/friendList', {});
    expect(transport.last().headers.mgmtoken).toBe('mgm-token-1');
    for (const name of ALL_SERVICES.filter((n) => n !== 'invitation')) {
      await clients[name].get('/x');
      expect(transport.last().headers).not.toHaveProperty('mgmtoken');
    }
  });

  it('leaves mgmtoken out when none is stored', async () => {
    const { transport, clients } = fakeClients({ credentials: { mgmToken: undefined } });
    await clients.invitation.post('/invite/giftList', {});
    expect(transport.last().headers).not.toHaveProperty('mgmtoken');
  });

  it('the own tracking backend adds appid: live; no other client does', async () => {
    const { transport, clients } = fakeClients();
    await clients.tracking.post('/event.php', { event_name: 'e', event_data: {} });
    expect(transport.last().headers.appid).toBe('live');
    for (const name of ALL_SERVICES.filter((n) => n !== 'tracking')) {
      await clients[name].get('/x');
      expect(transport.last().headers).not.toHaveProperty('appid');
    }
  });
});

describe('timeouts (docs/rules/constants.md#timeouts)', () => {
  it('360000 ms by default, 60000 ms for the marketing map and the own tracking backend', async () => {
    const { transport, clients } = fakeClients();
    const expected: Record<ServiceName, number> = {
      liveService: 360_000,
      liveApp: 360_000,
      chatRoom: 360_000,
      chatGroup: 360_000,
      invitation: 360_000,
      common: 360_000,
      marketMap: 60_000,
      tracking: 60_000,
    };
    for (const name of ALL_SERVICES) {
      expect(clients[name].defaults.timeout).toBe(expected[name]);
      await clients[name].get('/x');
      expect(transport.last().timeout).toBe(expected[name]);
    }
    expect(TIMEOUT_MS).toEqual({ default: 360_000, marketMap: 60_000, tracking: 60_000 });
  });

  it('a single request may ask for its own timeout', async () => {
    const { transport, clients } = fakeClients();
    await clients.liveApp.get('/slow', { timeout: 5000 });
    expect(transport.last().timeout).toBe(5000);
  });
});

describe('createServiceClient defaults', () => {
  it('uses Date.now and a random hex nonce when the context gives none', async () => {
    const transport = fakeTransport();
    const client = createServiceClient({
      ...SERVICE_PROFILES.liveApp,
      service: 'liveApp',
      baseURL: '/live-api/cs-live-app',
      secret: 's',
      context: { getCredentials: () => ({ appKey: 'wna' }) },
      adapter: transport.adapter,
    });
    const before = Math.floor(Date.now() / 1000);
    await client.get('/x');
    await client.get('/y');
    const [a, b] = transport.sent;
    expect(Number(a?.headers.timestamp)).toBeGreaterThanOrEqual(before);
    expect(a?.headers.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(a?.headers.nonce).not.toBe(b?.headers.nonce);
  });
});
