import type { Db } from '../db/client';
import { createActionLogsRepository } from './action-logs';
import { createAuthRepository } from './auth';
import { createComplianceRepository } from './compliance';
import { createInvitationRepository } from './invitation';
import { createReviewRepository } from './invitation-review';
import { createLiveRoomRepository } from './live-room';
import { createLivesRepository } from './lives';
import { createMarketingRepository } from './marketing';
import { createMaterialsRepository } from './materials';
import { createPasswordGuardRepository } from './password-guard';
import { createPresenceRepository } from './presence';
import { createSelfAuthRepository } from './self-auth';
import { createStoreRepository } from './store';
import { createTrackingRepository } from './tracking';
import { createUsersRepository } from './users';

export function createRepositories(db: Db) {
  return {
    lives: createLivesRepository(db),
    liveRoom: createLiveRoomRepository(db),
    users: createUsersRepository(db),
    presence: createPresenceRepository(db),
    tracking: createTrackingRepository(db),
    auth: createAuthRepository(db),
    actionLogs: createActionLogsRepository(db),
    selfAuth: createSelfAuthRepository(db),
    marketing: createMarketingRepository(db),
    store: createStoreRepository(db),
    invitation: createInvitationRepository(db),
    review: createReviewRepository(db),
    materials: createMaterialsRepository(db),
    compliance: createComplianceRepository(db),
    passwordGuard: createPasswordGuardRepository(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;
