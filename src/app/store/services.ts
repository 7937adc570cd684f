import type { Api } from '../../api';

/**
 * Everything sagas reach the outside world through. Tests provide fakes; the app builds
 * the real ones in src/app/services.ts from the environment.
 */
export interface SagaServices {
  api: Pick<Api, 'lives'>;
  navigate(to: string, options?: { replace?: boolean }): void;
  now(): number;
}
