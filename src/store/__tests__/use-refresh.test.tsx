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

const store = () => configureStore({ reducer: { pieces: slice.reducer } });
type Store = ReturnType<typeof store>;
type Pieces = ReturnType<Store['getState']>['pieces'];
const piecesOf = (state: RootState) => (state as unknown as ReturnType<Store['getState']>).pieces;

/** A store of two pieces and useRefresh over it: `start` dispatches to it, `parts` picks the pieces waited on. */
function refreshOver(
  start: (dispatch: Store['dispatch']) => void,
  parts: (pieces: Pieces) => Loadable[],
  busy?: readonly string[],
) {
  const s = store();
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={s}>{children}</Provider>;
  const { result } = renderHook(
    () =>
      useRefresh(
        () => start(s.dispatch),
        (state) => parts(piecesOf(state)),
        busy,
      ),
    { wrapper },
  );
  return { store: s, refresh: () => result.current() };
}

/** Whether a promise has settled by now, and with what. */
async function peek<T>(p: Promise<T>): Promise<T | 'pending'> {
  return Promise.race([p, new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), 0))]);
}

describe('useRefresh', () => {
  it('settles refreshed when the store comes back without an error, and only then', async () => {
    const { store, refresh } = refreshOver(
      (dispatch) => dispatch(refreshAsked('a')),
      (p) => [p.a],
    );
    const outcome = refresh();
    expect(await peek(outcome)).toBe('pending');
    store.dispatch(unrelated());
    expect(await peek(outcome)).toBe('pending');
    store.dispatch(answered({ piece: 'a' }));
    await expect(outcome).resolves.toBe('refreshed');
  });

  it('settles failed when the answer is an error', async () => {
    const { store, refresh } = refreshOver(
      (dispatch) => dispatch(refreshAsked('a')),
      (p) => [p.a],
    );
    const outcome = refresh();
    store.dispatch(answered({ piece: 'a', error: '网络不可用' }));
    await expect(outcome).resolves.toBe('failed');
  });

  it('settles unchanged at once when the reducer refused to start it (it would otherwise never end)', async () => {
    const { store, refresh } = refreshOver(
      (dispatch) => dispatch(refreshAsked('a')),
      (p) => [p.a],
    );
    store.dispatch(moreAsked('a'));
    await expect(refresh()).resolves.toBe('unchanged');
  });

  it('sees a refresh that began and ended before any render', async () => {
    const { refresh } = refreshOver(
      (dispatch) => {
        dispatch(refreshAsked('a'));
        dispatch(answered({ piece: 'a' }));
      },
      (p) => [p.a],
    );
    await expect(refresh()).resolves.toBe('refreshed');
  });

  it('does not settle between the dispatches of one start', async () => {
    const { store, refresh } = refreshOver(
      (dispatch) => {
        dispatch(unrelated());
        dispatch(refreshAsked('a'));
      },
      (p) => [p.a],
    );
    const outcome = refresh();
    expect(await peek(outcome)).toBe('pending');
    store.dispatch(answered({ piece: 'a' }));
    await expect(outcome).resolves.toBe('refreshed');
  });

  it('waits for every part, and one failed part fails the pull', async () => {
    const { store, refresh } = refreshOver(
      (dispatch) => {
        dispatch(refreshAsked('a'));
        dispatch(refreshAsked('b'));
      },
      (p) => [p.a, p.b],
    );
    const outcome = refresh();
    store.dispatch(answered({ piece: 'a' }));
    expect(await peek(outcome)).toBe('pending');
    store.dispatch(answered({ piece: 'b', error: '服务繁忙' }));
    await expect(outcome).resolves.toBe('failed');
  });

  it('a next page counts its own statuses as busy', async () => {
    const { store, refresh } = refreshOver(
      (dispatch) => dispatch(moreAsked('a')),
      (p) => [p.a],
      ['loadingMore'],
    );
    const outcome = refresh();
    expect(await peek(outcome)).toBe('pending');
    store.dispatch(answered({ piece: 'a' }));
    await expect(outcome).resolves.toBe('refreshed');
  });

  it('uses the callbacks of the latest render', async () => {
    const s = store();
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={s}>{children}</Provider>;
    const { result, rerender } = renderHook(
      ({ piece }: { piece: 'a' | 'b' }) =>
        useRefresh(
          () => s.dispatch(refreshAsked(piece)),
          (state) => [piecesOf(state)[piece]],
        ),
      { wrapper, initialProps: { piece: 'a' } },
    );
    const first = result.current;
    rerender({ piece: 'b' });
    expect(result.current).toBe(first);
    const outcome = result.current();
    expect(s.getState().pieces.b.status).toBe('refreshing');
    s.dispatch(answered({ piece: 'b' }));
    await expect(outcome).resolves.toBe('refreshed');
  });
});
