import type { Api } from '../../api';

/**
 * Everything sagas reach the outside world through. Tests provide fakes; the app builds
 * the real ones in src/app/services.ts from the environment.
 */
export interface SagaServices {
  api: Pick<Api, 'lives'>;
  navigate(to: string, options?: { replace?: boolean }): void;
  /** Path + query of the page now, so /login can bring the user back. */
  currentPath(): string;
  now(): number;
}
