import { expectSaga } from 'redux-saga-test-plan';

import { silentRunVirtually } from '../../../../lib/testing/virtual-time';
import { fakeServices, settings } from '../../shared/__tests__/fixtures';
import * as api from '../api';
import { pagesWatchers } from '../store/pages-saga';
import { settingsChangeRequested, settingsLoaded } from '../store/pages-slice';

import { ApiError } from '@/api';
import { rootReducer } from '@/store';

function providers(save: jest.Mock) {
  return {
    getContext: () => fakeServices(),
    call(effect: { fn: unknown; args: unknown[] }, next: () => unknown) {
      return effect.fn === api.saveRuleSettings ? save(...effect.args) : next();
    },
  };
}

const loaded = rootReducer(undefined, settingsLoaded(settings()));

describe('rule settings: optimistic save', () => {
  it('shows the change at once and keeps what the server confirms', async () => {
    const confirmed = settings({ thresholds: { ...settings().thresholds, daily_cap: 30 }, updated_at: 5 });
    let resolve: (v: unknown) => void = () => {};
    const save = jest.fn().mockReturnValue(new Promise((r) => (resolve = r)));
    const running = silentRunVirtually(
      expectSaga(pagesWatchers)
        .withReducer(rootReducer, loaded)
        .provide(providers(save))
        .dispatch(settingsChangeRequested({ change: { thresholds: { daily_cap: 30 } }, notice: '已保存' })),
      80,
    );
    await new Promise((r) => setTimeout(r, 20));
    resolve(confirmed);
    const { storeState } = await running;
    expect(save).toHaveBeenCalledWith(expect.anything(), { thresholds: { daily_cap: 30 } });
    expect(storeState.marketingPages!.settings).toMatchObject({
      saving: false,
      shown: confirmed,
      saved: confirmed,
      notice: '已保存',
    });
  });

  it('rolls back to the last confirmed settings when the save fails', async () => {
    const save = jest.fn().mockRejectedValue(new ApiError({ kind: 'network' }));
    const { storeState } = await silentRunVirtually(
      expectSaga(pagesWatchers)
        .withReducer(rootReducer, loaded)
        .provide(providers(save))
        .dispatch(settingsChangeRequested({ change: { clear_demotions: [3] }, notice: '已撤销' })),
      50,
    );
    const s = storeState.marketingPages!.settings;
    expect(s.saving).toBe(false);
    expect(s.shown?.demotions).toHaveLength(1);
    expect(s.shown).toEqual(settings());
    expect(s.notice).toMatch(/保存失败，已恢复/);
  });

  it('the optimistic view is the change applied to what is shown', () => {
    const state = rootReducer(
      loaded,
      settingsChangeRequested({ change: { clear_demotions: [3], enabled_categories: [1, 5] }, notice: '' }),
    );
    expect(state.marketingPages!.settings.shown).toMatchObject({ demotions: [], enabled_categories: [1, 5] });
    expect(state.marketingPages!.settings.saved?.demotions).toHaveLength(1);
    expect(state.marketingPages!.settings.saving).toBe(true);
  });
});
