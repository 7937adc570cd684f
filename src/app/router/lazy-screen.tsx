import { type ComponentType, lazy, type LazyExoticComponent } from 'react';

import type { ScreenLoader, ScreenModule } from './types';

import { settled } from '@/ui/preloadable-lazy';

// React.lazy caches a rejected import forever, so a failed chunk would stay failed until a full
// reload. Each screen keeps the ability to start over; the error boundary's retry calls reset.
const pendingResets = new Set<() => void>();

export interface LazyScreen {
  Screen: ComponentType;
  preload: () => Promise<unknown>;
}

export function lazyScreen(load: ScreenLoader, displayName: string): LazyScreen {
  // Set once preloaded: hydrating a server-rendered screen must not suspend.
  let loaded: ScreenModule | null = null;
  let current: LazyExoticComponent<ComponentType> = create();

  function create() {
    return lazy(() =>
      loaded
        ? settled(loaded)
        : load().catch((error: unknown) => {
            pendingResets.add(reset);
            throw error;
          }),
    );
  }
  function reset() {
    current = create();
  }

  function Screen() {
    const Current = current;
    return <Current />;
  }
  Screen.displayName = displayName;

  const preload = () =>
    load()
      .then((m) => {
        loaded = m;
        return m;
      })
      .catch(() => undefined);
  return { Screen, preload };
}

/** Gives every screen whose chunk failed a fresh lazy component, so the next render re-imports. */
export function resetFailedScreens(): void {
  for (const reset of pendingResets) reset();
  pendingResets.clear();
}

/** webpack names it ChunkLoadError; browsers word native dynamic-import failures differently. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Loading (CSS )?chunk [\w-]+ failed|dynamically imported module|Importing a module script failed/i.test(
      error.message,
    )
  );
}
