import type { Api } from '@/api';
import type { AuthApi } from '@/api/auth';
import type { TrackingServices } from '@/features/tracking/services';
import type { ActionLogServices } from '@/features/action-log/store/types';

/**
 * Everything sagas reach the outside world through. Tests provide fakes; the app builds
 * the real ones in src/app/services.ts from the environment.
 */
export interface SagaServices {
  /** `clients`: the shared axios client per remote service; a feature's api.ts functions take them. */
  api: Pick<Api, 'lives' | 'clients'>;
  navigate(to: string, options?: { replace?: boolean }): void;
  /** Path + query of the page now, so /login can bring the user back. */
  currentPath(): string;
  now(): number;
  /** The action-log recorder's export and upload; absent where nothing records (tests, replay). */
  actionLog?: ActionLogServices;
  /** Own tracking, analytics, error reporting; absent in other features' tests. */
  tracking?: TrackingServices;
  /** Sign-in calls (session feature); absent in other features' tests. */
  auth?: AuthApi;
}
