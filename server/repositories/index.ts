import type { Db } from '../db/client';
import { createLivesRepository } from './lives';
import { createPresenceRepository } from './presence';
import { createTrackingRepository } from './tracking';
import { createUsersRepository } from './users';

export function createRepositories(db: Db) {
  return {
    lives: createLivesRepository(db),
    users: createUsersRepository(db),
    presence: createPresenceRepository(db),
    tracking: createTrackingRepository(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;
