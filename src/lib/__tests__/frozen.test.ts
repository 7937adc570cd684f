import { createEntityAdapter, createNextState as produce } from '@reduxjs/toolkit';

import { committed, copyEntities, deepFreeze, entitiesWithMany, frozenWith } from '../frozen';
import { isDeepFrozen } from '../testing/is-deep-frozen';

type Item = { id: number; name: string; tags: { label: string }[] };
const item = (id: number, name = `n${id}`): Item => ({ id, name, tags: [{ label: `t${id}` }] });
const adapter = createEntityAdapter<Item, number>({ selectId: (i) => i.id });

test('deepFreeze freezes objects and arrays all the way down and returns the same value', () => {
  const value = { a: [{ b: { c: 1 } }], d: 'x' };
  expect(deepFreeze(value)).toBe(value);
  expect(isDeepFrozen(value)).toBe(true);
  expect(() => {
    (value.a[0] as { b: { c: number } }).b.c = 2;
  }).toThrow(TypeError);
  expect(deepFreeze(3)).toBe(3);
  expect(deepFreeze(null)).toBeNull();
});

test('frozenWith copies, applies the changes and freezes; the base is untouched', () => {
  const base = { a: 1, b: 2 };
  const next = frozenWith(base, { b: 3 });
  expect(next).toEqual({ a: 1, b: 3 });
  expect(base).toEqual({ a: 1, b: 2 });
  expect(Object.isFrozen(next)).toBe(true);
});

test('committed reads the state behind a draft, and passes other values through', () => {
  const base = { n: 1 };
  const seen: unknown[] = [];
  produce(base, (draft) => {
    draft.n = 2;
    seen.push(committed(draft));
  });
  expect(seen[0]).toBe(base);
  expect(committed(base)).toBe(base);
});

test('copyEntities copies the record id by id', () => {
  const state = adapter.setAll(adapter.getInitialState(), [item(3), item(1)]);
  const copy = copyEntities(state.ids, state.entities);
  expect(copy).toEqual(state.entities);
  expect(copy).not.toBe(state.entities);
});

describe('entitiesWithMany matches the adapter’s setMany', () => {
  const start = adapter.setAll(adapter.getInitialState(), [item(1), item(2)]);

  test.each([
    ['replaces existing items', [item(2, 'new')]],
    ['appends new ids in order', [item(5), item(4)]],
    ['a repeated id in one batch is added once, the last item wins', [item(7, 'a'), item(7, 'b'), item(1, 'c')]],
    ['an empty batch', []],
  ])('%s', (_name, items) => {
    const expected = adapter.setMany(start, items);
    const actual = entitiesWithMany(start, items, (i) => i.id);
    expect(actual.ids).toEqual(expected.ids);
    expect(actual.entities).toEqual(expected.entities);
    expect(isDeepFrozen(actual.ids) && isDeepFrozen(actual.entities)).toBe(true);
  });

  test('keeps the ids array when no id is new', () => {
    expect(entitiesWithMany(start, [item(1, 'x')], (i) => i.id).ids).toBe(start.ids);
  });
});
