import type { preValidationAsyncHookHandler } from 'fastify';

import type { SignatureScheme } from '../../src/api/contract/signature';
import type { Repositories } from '../repositories';
import type { SessionGuards } from '../security/session';

/** What every service plugin gets: data access, the request clock and the checks. */
export interface ServiceDeps {
  repos: Repositories;
  now: () => Date;
  /** preValidation hook verifying one signature variant. */
  signed: (scheme: SignatureScheme) => preValidationAsyncHookHandler;
  guards: SessionGuards;
  /** Caps on what one caller may store. */
  caps: StorageCaps;
}

export interface StorageCaps {
  /** Action logs one user (or, for guests, one address) may upload in 24 hours. */
  actionLogsPerDay: number;
}

export const DEFAULT_STORAGE_CAPS: StorageCaps = { actionLogsPerDay: 20 };

export interface ServiceOptions {
  deps: ServiceDeps;
}
