import { CANCEL } from 'redux-saga';

import { bindLazily } from '../lazy';

interface Echo {
  echo(value: string): Promise<string>;
}

function realApi(calls: string[], cancels: string[]): Echo {
  return {
    echo: (value) => {
      calls.push(value);
      return Object.assign(Promise.resolve(value), { [CANCEL]: () => void cancels.push(value) });
    },
  };
}

describe('bindLazily', () => {
  it('loads the endpoints once, on the first call, and answers through them', async () => {
    const calls: string[] = [];
    const load = jest.fn(() => Promise.resolve(realApi(calls, [])));
    const api = bindLazily<Echo>(load, ['echo']);
    expect(load).not.toHaveBeenCalled();
    await expect(api.echo('a')).resolves.toBe('a');
    await expect(api.echo('b')).resolves.toBe('b');
    expect(load).toHaveBeenCalledTimes(1);
    expect(calls).toEqual(['a', 'b']);
  });

  it('a call cancelled before the code arrived is never sent', async () => {
    const calls: string[] = [];
    const api = bindLazily<Echo>(() => Promise.resolve(realApi(calls, [])), ['echo']);
    const pending = api.echo('gone') as Promise<string | null> & Record<string | symbol, unknown>;
    (pending[CANCEL] as () => void)();
    await expect(pending).resolves.toBeNull();
    expect(calls).toEqual([]);
  });

  it('a call cancelled after it was sent cancels the request', async () => {
    const cancels: string[] = [];
    const api = bindLazily<Echo>(() => Promise.resolve(realApi([], cancels)), ['echo']);
    const sent = api.echo('x') as Promise<string> & Record<string | symbol, unknown>;
    await sent;
    (sent[CANCEL] as () => void)();
    expect(cancels).toEqual(['x']);
  });
});
