import type { LogStorage } from '@/features/action-log/recorder';
import type { SagaServices } from '@/store';

/** Saga services for a store whose sagas never reach the network: the recorder suites record dispatches only. */
export const quietServices = {
  api: {},
  navigate: () => undefined,
  currentPath: () => '/',
  now: () => 0,
} as unknown as SagaServices;

/** Session storage in memory, its map open to the test. */
export function memoryStorage(): LogStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}
