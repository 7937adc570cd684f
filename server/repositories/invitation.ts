import type { Db } from '../db/client';
import { createAttributionRepository } from './invitation-attribution';
import { createInvitationDecisions } from './invitation-decisions';
import { createInviterFriendsRepository } from './invitation-friends';
import { createMemberRepository } from './invitation-members';
import { createRewardReadsRepository } from './invitation-rewards';
import { createMgmSmsRepository } from './invitation-sms';
import { createTaskRepository } from './invitation-tasks';

/** Invitations (first-touch attribution) and the rewards they earn. */
export function createInvitationRepository(db: Db) {
  const members = createMemberRepository(db);
  const invitations = createAttributionRepository(db, members);
  return {
    members,
    sms: createMgmSmsRepository(db),
    tasks: createTaskRepository(db),
    ...invitations,
    ...createInvitationDecisions(db, invitations),
    ...createInviterFriendsRepository(db),
    ...createRewardReadsRepository(db),
  };
}
