import type { LiveDetail, LiveItem } from '../../../api/contract/lives';
import { createLivesApi, type LivesApi } from '../api';

import type { SagaServices } from '@/store';

/** 2026-11-22 19:30 Beijing time. */
export const START_1930 = Date.UTC(2026, 10, 22, 11, 30) / 1000;

export function makeLive(overrides: Partial<LiveItem> & Pick<LiveItem, 'num_index' | 'status'>): LiveItem {
  return {
    is_subscribe: 0,
    cover: `/static/covers/${overrides.num_index}.jpg`,
    title: `直播 ${overrides.num_index}`,
    start_time: START_1930,
    end_time: START_1930 + 3600,
    kol: [
      { id: 1, name: '王磊' },
      { id: 2, name: '李静' },
    ],
    onlines: 0,
    subscribe_number: 0,
    playback_number: 0,
    room_id: `room-${overrides.num_index}`,
    ...overrides,
  };
}

export const liveNow = makeLive({ num_index: 101, status: 1, onlines: 12345, title: '宏观策略：四季度资产配置' });
export const upcomingSubscribed = makeLive({ num_index: 102, status: 2, is_subscribe: 1, subscribe_number: 1024 });
export const upcomingOpen = makeLive({ num_index: 103, status: 2, is_subscribe: 0, subscribe_number: 7 });
export const ended = makeLive({ num_index: 104, status: 3, playback_number: 2500000 });

/** The detail of upcomingOpen, as getDetail answers it. */
export const detail103: LiveDetail = {
  ...upcomingOpen,
  description: '四季度展望',
  presenters: [],
  hls_url: '/media/103.m3u8',
  mp4_url: '/media/103.mp4',
  message_count: 0,
};

/** A LivesApi whose every endpoint is a jest mock; pass the ones a test cares about. */
export function fakeLivesApi(overrides: Partial<LivesApi> = {}): LivesApi {
  // Every endpoint the real API binds, read from it (nothing is called), so a new endpoint is mocked too.
  const names = Object.keys(createLivesApi({} as Parameters<typeof createLivesApi>[0])) as Array<keyof LivesApi>;
  const api = Object.fromEntries(names.map((n) => [n, jest.fn()])) as unknown as LivesApi;
  return Object.assign(api, overrides);
}

export function fakeServices(overrides: Partial<LivesApi> = {}): SagaServices {
  return {
    api: { lives: fakeLivesApi(overrides) },
    navigate: jest.fn(),
    currentPath: () => '/',
    now: () => 0,
  } as unknown as SagaServices;
}
