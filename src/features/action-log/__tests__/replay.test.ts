import { createEntityAdapter, type Reducer } from '@reduxjs/toolkit';

import type { ActionLog } from '../log-format';
import { changedPaths, diffStates, replayLog } from '../replay';

type Item = { id: number; n: number; tags: string[] };
const adapter = createEntityAdapter<Item, number>({ selectId: (i) => i.id });
const withItems = (items: Item[]) => ({
  list: adapter.setAll(adapter.getInitialState({ status: 'idle' }), items),
  other: { x: 1 },
});

describe('changedPaths (the timeline’s "state paths it changed")', () => {
  test('the same state has no changed path', () => {
    const s = withItems([{ id: 1, n: 1, tags: [] }]);
    expect(changedPaths(s, s)).toEqual([]);
  });

  test('only the changed branch is named, down to the field', () => {
    const before = withItems([
      { id: 1, n: 1, tags: [] },
      { id: 2, n: 1, tags: [] },
    ]);
    const after = {
      ...before,
      list: { ...before.list, entities: { ...before.list.entities, 2: { id: 2, n: 5, tags: [] } } },
    };
    expect(changedPaths(before, after)).toEqual(['list.entities.2.n']);
  });

  test('an entity record with other ids is compared key by key: added and removed entities are named', () => {
    const before = withItems([
      { id: 1, n: 1, tags: [] },
      { id: 2, n: 1, tags: [] },
    ]);
    const after = withItems([
      { id: 2, n: 1, tags: [] },
      { id: 3, n: 1, tags: [] },
    ]);
    expect(changedPaths(before, after).sort()).toEqual([
      'list.entities.1',
      'list.entities.3',
      'list.ids[0]',
      'list.ids[1]',
    ]);
  });

  test('keys added or removed at any level are named; a key added as undefined is not a change', () => {
    expect(changedPaths({ a: 1 }, { a: 1, b: 2 })).toEqual(['b']);
    expect(changedPaths({ a: 1, b: 2 }, { a: 1 })).toEqual(['b']);
    expect(changedPaths({ a: 1 }, { a: 1, b: undefined })).toEqual([]);
    // As many keys on both sides, one swapped for another: both are named.
    expect(changedPaths({ a: 1, b: 2 }, { a: 1, c: 3 })).toEqual(['b', 'c']);
    expect(changedPaths({ s: { a: 1, b: undefined } }, { s: { a: 1, c: undefined } })).toEqual([]);
    expect(changedPaths({ s: { a: 1, b: undefined } }, { s: { a: 1, c: 4 } })).toEqual(['s.c']);
  });

  test('a new array or object with equal contents is not a change; NaN to NaN is not a change', () => {
    expect(changedPaths({ ids: [1, 2] }, { ids: [1, 2] })).toEqual([]);
    expect(changedPaths({ ids: [1, 2] }, { ids: [1, 3] })).toEqual(['ids[1]']);
    expect(changedPaths({ v: NaN }, { v: NaN })).toEqual([]);
    expect(changedPaths({ v: 0 }, { v: null })).toEqual(['v']);
  });

  test('paths go down to the leaf, however deep (the timeline and --diff name the same paths)', () => {
    const deep = (v: number) => ({ a: { b: { c: { d: { e: { f: v } } } } } });
    expect(changedPaths(deep(1), deep(2))).toEqual(['a.b.c.d.e.f']);
  });

  test('a replaced root value is "(root)"', () => {
    expect(changedPaths(1, 2)).toEqual(['(root)']);
  });
});

describe('diffStates (--diff and the viewer)', () => {
  test('leaf values before and after, with array positions', () => {
    expect(diffStates({ a: { b: 1, c: [1, 2] }, d: 'x' }, { a: { b: 2, c: [1, 3] }, d: 'x' })).toEqual([
      { path: 'a.b', before: 1, after: 2 },
      { path: 'a.c[1]', before: 2, after: 3 },
    ]);
  });

  test('arrays of different length are one change', () => {
    expect(diffStates({ ids: [1] }, { ids: [1, 2] })).toEqual([{ path: 'ids', before: [1], after: [1, 2] }]);
  });

  test('equal states have no difference', () => {
    expect(diffStates({ a: [{ b: 1 }] }, { a: [{ b: 1 }] })).toEqual([]);
  });
});

describe('the timeline and --diff agree', () => {
  // The adviser's log disagreed at step 98: a reducer rebuilt a branch six levels down with the same contents.
  // The timeline cut paths at depth five and named the cut branch whenever its identity changed, while --diff
  // compared contents and found nothing; with one walk the two say the same thing.
  const rebuilt = (flag: boolean) => ({
    workbench: { day: { lanes: { todo: { cards: { c1: { meta: { seen: flag } } } } } } },
  });
  test('a deep branch rebuilt with equal contents is no change in either', () => {
    const before = rebuilt(true);
    const after = rebuilt(true);
    expect(changedPaths(before, after)).toEqual([]);
    expect(diffStates(before, after)).toEqual([]);
  });
  test('a deep change is named down to its leaf in both', () => {
    const paths = changedPaths(rebuilt(true), rebuilt(false));
    expect(paths).toEqual(['workbench.day.lanes.todo.cards.c1.meta.seen']);
    expect(diffStates(rebuilt(true), rebuilt(false)).map((c) => c.path)).toEqual(paths);
  });
});

describe('the timeline of a replay', () => {
  // A replay walks step after step with what it learnt of the previous step's new state (the names of its paths,
  // the keys and values of its objects): each step must still name exactly what changedPaths names for it.
  const timelineOf = (states: unknown[]) => {
    const log = {
      startState: {},
      entries: states.slice(1).map((_, i) => ({ seq: i, t: i, route: '/', action: { type: 'step', payload: i } })),
    } as unknown as ActionLog;
    // The reducer hands back the given states in turn; the replay's start state is a copy of the first one.
    const reducer = ((state: unknown, action: { payload?: number }) =>
      action.payload === undefined ? (state ?? states[0]) : states[action.payload + 1]) as Reducer;
    return replayLog(log, reducer, { timeline: true }).timeline.map((s) => s.changed);
  };

  test('each step names what changed since the step before, as changedPaths does', () => {
    const list = withItems([
      { id: 1, n: 1, tags: [] },
      { id: 2, n: 1, tags: [] },
    ]);
    const s1 = { ...list, other: { x: 2 } };
    const s2 = { ...s1, list: { ...s1.list, entities: { ...s1.list.entities, 1: { id: 1, n: 3, tags: [] } } } };
    const s3 = { ...s2, other: { x: 2, y: 1 } };
    const s4 = { ...s3, other: { x: 3 } };
    const s5 = { ...s4, other: { y: 3 } };
    const states = [list, s1, s2, s3, s4, s5, s5];
    const expected = [
      ['other.x'],
      ['list.entities.1.n'],
      ['other.y'],
      ['other.x', 'other.y'],
      ['other.x', 'other.y'],
      [],
    ];
    expect(timelineOf(states)).toEqual(expected);
    expect(states.slice(1).map((s, i) => changedPaths(states[i], s))).toEqual(expected);
  });

  test('an object whose keys change order or are swapped for others is read by its keys, not by position', () => {
    const states = [
      { s: { a: 1, b: 2 } },
      { s: { a: 1, b: 3 } },
      // The same values with the keys in another order: no change.
      { s: { b: 3, a: 1 } },
      // As many keys, one of them another.
      { s: { b: 3, c: 1 } },
      { s: { b: 4, c: 1 } },
    ];
    expect(timelineOf(states)).toEqual([['s.b'], [], ['s.a', 's.c'], ['s.b']]);
  });

  test('paths named at several steps are named alike, and each step keeps its own list', () => {
    const tick = (n: number) => ({ room: { now: n, list: [1, n] }, other: { x: 1 } });
    expect(timelineOf([tick(1), tick(2), tick(2), tick(3)])).toEqual([
      ['room.now', 'room.list[1]'],
      [],
      ['room.now', 'room.list[1]'],
    ]);
  });
});
