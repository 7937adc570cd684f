import type { Db } from '../db/client';
import type { SharedRedis } from '../redis';
import { createActionLogsRepository } from './action-logs';
import { createAuthRepository } from './auth';
import { createComplianceRepository } from './compliance';
import { createInvitationRepository } from './invitation';
import { createReviewRepository } from './invitation-review';
import { createLiveRoomRepository } from './live-room';
import { createLivesRepository } from './lives';
import { createMarketingRepository } from './marketing';
import { createReachRepository } from './marketing-reach';
import { createSendRepository } from './marketing-send-options';
import { createMaterialReviewRepository } from './material-review';
import { createMaterialsRepository } from './materials';
import { createPasswordGuardRepository } from './password-guard';
import { createPolicyHoldsRepository } from './policy-holds';
import { createPresenceRepository } from './presence';
import { createRedisPresence } from './presence-redis';
import { createSelfAuthRepository } from './self-auth';
import { createStoreRepository } from './store';
import { createTrackingRepository } from './tracking';
import { createUsersRepository } from './users';

/** `redis`: several servers share it; online counts are then kept there (presence-redis.ts), not in `db`. */
export function createRepositories(db: Db, redis?: SharedRedis | null) {
  const presence = redis ? createRedisPresence(redis, createPresenceRepository(db)) : createPresenceRepository(db);
  return {
    lives: createLivesRepository(db, redis ? presence : undefined),
    liveRoom: createLiveRoomRepository(db),
    users: createUsersRepository(db),
    presence,
    tracking: createTrackingRepository(db),
    auth: createAuthRepository(db),
    actionLogs: createActionLogsRepository(db),
    selfAuth: createSelfAuthRepository(db),
    marketing: createMarketingRepository(db),
    store: createStoreRepository(db),
    invitation: createInvitationRepository(db),
    review: createReviewRepository(db),
    materials: createMaterialsRepository(db),
    materialReview: createMaterialReviewRepository(db),
    compliance: createComplianceRepository(db),
    holds: createPolicyHoldsRepository(db),
    passwordGuard: createPasswordGuardRepository(db),
    reach: createReachRepository(db),
    send: createSendRepository(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;
