import { type ComponentType, lazy } from 'react';

/** An already-settled import as a thenable that calls back at once, so React.lazy renders it without suspending. */
export function settled<M>(module: M): Promise<M> {
  return { then: (resolve: (m: M) => unknown) => resolve(module) } as unknown as Promise<M>;
}

/**
 * React.lazy that can be loaded ahead: once `preload()` has resolved, the first render does not suspend.
 * Hydrating a server-rendered screen needs that: a lazy part still loading would leave its boundary
 * dehydrated, and an update reaching it meanwhile would throw the server's HTML away.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound
export function preloadableLazy<M extends { default: ComponentType<any> }>(load: () => Promise<M>) {
  let loaded: M | null = null;
  const fetch = () => load().then((m) => (loaded = m));
  const Component = lazy(() => (loaded ? settled(loaded) : fetch()));
  return { Component, preload: (): Promise<M> => (loaded ? Promise.resolve(loaded) : fetch()) };
}
