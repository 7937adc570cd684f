import type { LiveItem } from '../../../api/contract/lives';

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
