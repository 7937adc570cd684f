import { configureStore, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';

import type { RootState } from '../root-reducer';
import { type Loadable, useRefresh } from '../use-refresh';

// Two pieces of loaded state, as the feature slices keep theirs: an explicit status and an error once failed.
type Piece = { status: 'idle' | 'loading' | 'refreshing' | 'loadingMore' | 'loaded'; error: string | null };
const slice = createSlice({
  name: 'pieces',
  initialState: { a: { status: 'loaded', error: null } as Piece, b: { status: 'loaded', error: null } as Piece },
  reducers: {
    // Refused unless loaded, as the feature reducers refuse a refresh over a page still loading.
    refreshAsked(state, { payload }: PayloadAction<'a' | 'b'>) {
      if (state[payload].status === 'loaded') state[payload] = { status: 'refreshing', error: null };
    },
    moreAsked(state, { payload }: PayloadAction<'a' | 'b'>) {
      if (state[payload].status === 'loaded') state[payload] = { status: 'loadingMore', error: null };
    },
    answered(state, { payload }: PayloadAction<{ piece: 'a' | 'b'; error?: string }>) {
      state[payload.piece] = { status: 'loaded', error: payload.error ?? null };
    },
    unrelated() {},
  },
});
const { refreshAsked, moreAsked, answered, unrelated } = slice.actions;

function setup() {
  const store = configureStore({ reducer: { pieces: slice.reducer } });
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const pieces = (state: RootState) => (state as unknown as ReturnType<typeof store.getState>).pieces;
  return { store, wrapper, pieces };
}

/** Whether a promise has settled by now, and with what. */
async function peek<T>(p: Promise<T>): Promise<T | 'pending'> {
  return Promise.race([p, new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), 0))]);
}

describe('useRefresh', () => {
  it('settles refreshed when the store comes back without an error, and only then', async () => {
    const { store, wrapper, pieces } = setup();
    const { result } = renderHook(
      () =>
        useRefresh(
          () => store.dispatch(refreshAsked('a')),
          (s) => [pieces(s).a],
        ),
      { wrapper },
    );
    const outcome = result.current();
    expect(await peek(outcome)).toBe('pending');
    store.dispatch(unrelated());
    expect(await peek(outcome)).toBe('pending');
    store.dispatch(answered({ piece: 'a' }));
    await expect(outcome).resolves.toBe('refreshed');
  });

  it('settles failed when the answer is an error', async () => {
    const { store, wrapper, pieces } = setup();
    const { result } = renderHook(
      () =>
        useRefresh(
          () => store.dispatch(refreshAsked('a')),
          (s) => [pieces(s).a],
        ),
      { wrapper },
    );
    const outcome = result.current();
    store.dispatch(answered({ piece: 'a', error: '网络不可用' }));
    await expect(outcome).resolves.toBe('failed');
  });

  it('settles unchanged at once when the reducer refused to start it (it would otherwise never end)', async () => {
    const { store, wrapper, pieces } = setup();
    store.dispatch(moreAsked('a'));
    const { result } = renderHook(
      () =>
        useRefresh(
          () => store.dispatch(refreshAsked('a')),
          (s) => [pieces(s).a],
        ),
      { wrapper },
    );
    await expect(result.current()).resolves.toBe('unchanged');
  });

  it('sees a refresh that began and ended before any render', async () => {
    const { store, wrapper, pieces } = setup();
    const { result } = renderHook(
      () =>
        useRefresh(
          () => {
            store.dispatch(refreshAsked('a'));
            store.dispatch(answered({ piece: 'a' }));
          },
          (s) => [pieces(s).a],
        ),
      { wrapper },
    );
    await expect(result.current()).resolves.toBe('refreshed');
  });

  it('does not settle between the dispatches of one start', async () => {
    const { store, wrapper, pieces } = setup();
    const { result } = renderHook(
      () =>
        useRefresh(
          () => {
            store.dispatch(unrelated());
            store.dispatch(refreshAsked('a'));
          },
          (s) => [pieces(s).a],
        ),
      { wrapper },
    );
    const outcome = result.current();
    expect(await peek(outcome)).toBe('pending');
    store.dispatch(answered({ piece: 'a' }));
    await expect(outcome).resolves.toBe('refreshed');
  });

  it('waits for every part, and one failed part fails the pull', async () => {
    const { store, wrapper, pieces } = setup();
    const { result } = renderHook(
      () =>
        useRefresh(
          () => {
            store.dispatch(refreshAsked('a'));
            store.dispatch(refreshAsked('b'));
          },
          (s): Loadable[] => [pieces(s).a, pieces(s).b],
        ),
      { wrapper },
    );
    const outcome = result.current();
    store.dispatch(answered({ piece: 'a' }));
    expect(await peek(outcome)).toBe('pending');
    store.dispatch(answered({ piece: 'b', error: '服务繁忙' }));
    await expect(outcome).resolves.toBe('failed');
  });

  it('a next page counts its own statuses as busy', async () => {
    const { store, wrapper, pieces } = setup();
    const { result } = renderHook(
      () =>
        useRefresh(
          () => store.dispatch(moreAsked('a')),
          (s) => [pieces(s).a],
          ['loadingMore'],
        ),
      { wrapper },
    );
    const outcome = result.current();
    expect(await peek(outcome)).toBe('pending');
    store.dispatch(answered({ piece: 'a' }));
    await expect(outcome).resolves.toBe('refreshed');
  });

  it('uses the callbacks of the latest render', async () => {
    const { store, wrapper, pieces } = setup();
    const { result, rerender } = renderHook(
      ({ piece }: { piece: 'a' | 'b' }) =>
        useRefresh(
          () => store.dispatch(refreshAsked(piece)),
          (s) => [pieces(s)[piece]],
        ),
      { wrapper, initialProps: { piece: 'a' } },
    );
    const first = result.current;
    rerender({ piece: 'b' });
    expect(result.current).toBe(first);
    const outcome = result.current();
    expect(pieces(store.getState() as unknown as RootState).b.status).toBe('refreshing');
    store.dispatch(answered({ piece: 'b' }));
    await expect(outcome).resolves.toBe('refreshed');
  });
});
