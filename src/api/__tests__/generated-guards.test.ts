import { execFileSync } from 'node:child_process';
import path from 'node:path';

import { isLivePage, isLiveState } from '@/api/generated/lives';
import { isRuleSettingsSetRequest, isSearchKeywordRequest } from '@/api/generated/market-map-settings';

describe('generated response guards', () => {
  it('are up to date with the contract schemas', () => {
    // Throws (exit 1) when src/api/generated/*.ts differ from what the contract generates.
    execFileSync(process.execPath, [require.resolve('tsx/cli'), 'scripts/gen-guards.ts', '--check'], {
      cwd: path.resolve(__dirname, '../../..'),
      stdio: 'pipe',
    });
  });

  it('check what the schema says, including nested items and limits', () => {
    const item = {
      num_index: 1,
      status: 2,
      is_subscribe: 0,
      cover: 'c',
      title: 't',
      start_time: 1,
      end_time: 2,
      kol: [{ id: 1, name: '张三' }],
      onlines: 0,
      subscribe_number: 3,
      playback_number: 0,
      room_id: 'r1',
    };
    expect(isLivePage({ list: [item], total: 1, page: 1, page_size: 20 })).toBe(true);
    expect(isLivePage({ list: [{ ...item, status: 4 }], total: 1, page: 1, page_size: 20 })).toBe(false);
    expect(isLivePage({ list: [{ ...item, kol: [{ id: 1 }] }], total: 1, page: 1, page_size: 20 })).toBe(false);
    expect(isLivePage({ list: [], total: -1, page: 1, page_size: 20 })).toBe(false);
    expect(isLiveState(null)).toBe(false);
  });

  it('check uniqueItems by value, never throwing (TypeBox compiles it to a hash its code does not carry)', () => {
    expect(isRuleSettingsSetRequest({ enabled_categories: [1, 2, 8] })).toBe(true);
    expect(isRuleSettingsSetRequest({ enabled_categories: [1, 2, 1] })).toBe(false);
    expect(isRuleSettingsSetRequest({ clear_demotions: [3] })).toBe(true);
    expect(isRuleSettingsSetRequest({ clear_demotions: [3, 3] })).toBe(false);
    expect(isSearchKeywordRequest({ keyword: '张', kinds: ['customer', 'product'] })).toBe(true);
    expect(isSearchKeywordRequest({ keyword: '张', kinds: ['card', 'card'] })).toBe(false);
  });
});
