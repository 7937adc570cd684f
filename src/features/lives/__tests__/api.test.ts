import { createHash } from 'node:crypto';

import { createLivesApi, fetchLivesByCategory, HOME_CATEGORY_ID } from '../api';
import { createLiveRoomApi, fetchLiveState } from '../live-room-api';

import { ApiError } from '@/api/errors';
import { isLivePage } from '@/api/generated/lives';
import {
  fail,
  fakeClients,
  type FakeReply,
  ok,
  TEST_NONCE,
  TEST_NOW_MS,
  testEnvironment,
} from '@/api/testing/fake-transport';

const item = {
  num_index: 101,
  status: 1,
  is_subscribe: 0,
  cover: 'https://static.example/c.jpg',
  title: '早盘直播',
  start_time: 1767225600,
  end_time: 1767232800,
  kol: [{ id: 1, name: '张三' }],
  onlines: 12,
  subscribe_number: 3,
  playback_number: 0,
  room_id: 'r101',
};
const page = { list: [item], total: 1, page: 1, page_size: 20 };

const setup = (reply: FakeReply) => fakeClients({}, reply);

describe('fetchLivesByCategory', () => {
  const req = { category_id: HOME_CATEGORY_ID, employee_id: 'e1', page: 1, page_size: 20 } as const;

  it('POSTs /api/live/getLivesByCategoryId on the live service, signed by content', async () => {
    const { transport, clients } = setup({ status: 200, body: ok(page) });
    await expect(fetchLivesByCategory(clients, req)).resolves.toEqual(page);
    const sent = transport.last();
    expect(sent.method).toBe('POST');
    expect(sent.baseURL).toBe('/smart-live/smart-service');
    expect(sent.url).toBe('/api/live/getLivesByCategoryId');
    expect(JSON.parse(sent.body ?? '')).toEqual(req);
    const ts = Math.floor(TEST_NOW_MS / 1000);
    const canonical = 'category_id=32&employee_id=e1&page=1&page_size=20';
    const expected = createHash('md5')
      .update(`${canonical}&appkey=wna&timestamp=${ts}&nonce=${TEST_NONCE}&secret=${testEnvironment.secrets.signing}`)
      .digest('hex');
    expect(sent.headers.signature).toBe(expected);
  });

  it('resolves null on a network failure (the live client gives an empty value)', async () => {
    const { clients } = setup({ network: true });
    await expect(fetchLivesByCategory(clients, req)).resolves.toBeNull();
  });

  it('rejects ApiError malformed for a list that would crash the reducer', async () => {
    const { clients } = setup({ status: 200, body: ok({ ...page, list: [{ ...item, kol: null }] }) });
    await expect(fetchLivesByCategory(clients, req)).rejects.toMatchObject({ kind: 'malformed' });
  });

  it('rejects ApiError business for a failure code', async () => {
    const { clients } = setup({ status: 200, body: fail(100400, '参数错误') });
    const error = await fetchLivesByCategory(clients, req).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'business', code: 100400 });
  });
});

describe('fetchLiveState', () => {
  it('GETs /api/live/getLiveState/{id} on the live app with the basic signature', async () => {
    const state = { num_index: 7, status: 3, onlines: 0 };
    const { transport, clients } = setup({ status: 200, body: ok(state) });
    await expect(fetchLiveState(clients, 7)).resolves.toEqual(state);
    expect(transport.last()).toMatchObject({
      method: 'GET',
      baseURL: '/live-api/cs-live-app',
      url: '/api/live/getLiveState/7',
    });
    expect(transport.last().headers.appkey).toBe('wna');
  });

  it('rejects malformed for an unknown status', async () => {
    const { clients } = setup({ status: 200, body: ok({ num_index: 7, status: 9, onlines: 0 }) });
    await expect(fetchLiveState(clients, 7)).rejects.toMatchObject({ kind: 'malformed' });
  });
});

describe('createApi: the bound shape sagas reach through services.api', () => {
  it('binds the lives endpoints to the environment clients', async () => {
    const { clients } = setup({ status: 200, body: ok(page) });
    const api = { clients, lives: createLivesApi(clients) };
    await expect(api.lives.fetchLivesByCategory({ category_id: 32, employee_id: 'e1' })).resolves.toEqual(page);
    expect(Object.keys(api.clients).sort()).toEqual([
      'chatGroup',
      'chatRoom',
      'common',
      'invitation',
      'liveApp',
      'liveService',
      'marketMap',
      'tracking',
    ]);
  });
});

describe('isLivePage', () => {
  it('accepts the contract shape and refuses a missing field', () => {
    expect(isLivePage(page)).toBe(true);
    const { room_id: _drop, ...noRoom } = item;
    expect(isLivePage({ ...page, list: [noRoom] })).toBe(false);
    expect(isLivePage({ ...page, total: '1' })).toBe(false);
  });
});

describe('room heartbeat', () => {
  // The server counts a heartbeat as the token's user and a tokenless one as an anonymous guest: a signed-in
  // viewer who sent no token would never reach their adviser's workbench.
  const beat = { room_id: 'r101', onlines: 3, playback_number: 0 };

  it('carries the signed-in token (Authorization: Bearer) on every beat and join', async () => {
    const { transport, clients } = fakeClients(
      { credentials: { token: 'viewer-token-7' } },
      { status: 200, body: ok(beat) },
    );
    const api = createLiveRoomApi(clients);
    await api.heartbeat({ room_id: 'r101', viewer_id: 'device-1', mode: 'live', join: true });
    await api.heartbeat({ room_id: 'r101', viewer_id: 'device-1', mode: 'live' });
    expect(transport.sent.map((c) => [c.url, c.headers.authorization])).toEqual([
      ['/room/heartbeat', 'Bearer viewer-token-7'],
      ['/room/heartbeat', 'Bearer viewer-token-7'],
    ]);
  });

  it('sends no Authorization as a guest', async () => {
    const { transport, clients } = fakeClients({ credentials: { token: '' } }, { status: 200, body: ok(beat) });
    const api = createLiveRoomApi(clients);
    await api.heartbeat({ room_id: 'r101', viewer_id: 'device-1', mode: 'live' });
    expect(transport.last().headers.authorization).toBeUndefined();
  });
});
