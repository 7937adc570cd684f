import type { FastifyRequest } from 'fastify';

import type { ComplianceDecision } from '../../src/api/contract/compliance-trail';
import { FOUR_EYES_REASONS, type FourEyesConflict } from '../../src/api/contract/compliance-trail';
import { ROLE_LABELS } from '../../src/api/contract/roles';
import { forbidden } from '../http/errors';
import type { ComplianceRepository } from '../repositories/compliance';
import { hasRole } from './roles';

export { FOUR_EYES_REASONS, type FourEyesConflict };

/** Who gains from deciding on an invited member: the one who invited, the adviser it is (or would be) bound to, the member. */
export interface BindingParties {
  memberUserId: number;
  inviterUserId: number | null;
  /** The adviser already bound, and the one a bind would bind (either gains a customer). */
  adviserUserIds: ReadonlyArray<number | null>;
}

/** The four-eyes rule: nobody decides what benefits them or what they wrote. */
export function bindingConflict(actorId: number, p: BindingParties): FourEyesConflict | null {
  if (p.memberUserId === actorId) return 'own_membership';
  if (p.inviterUserId === actorId) return 'own_invitation';
  if (p.adviserUserIds.includes(actorId)) return 'own_binding';
  return null;
}

export function answerConflict(actorId: number, authorUserId: number | null): FourEyesConflict | null {
  return authorUserId !== null && authorUserId === actorId ? 'own_answer' : null;
}

/**
 * Materials: the author never approves their own; nor does anyone who gains from it going out (the
 * adviser whose own material it is, an employee named in it: server/repositories/material-review.ts).
 */
export function materialConflict(
  actorId: number,
  m: { authorId: number | null; beneficiaryIds: readonly number[] },
): FourEyesConflict | null {
  if (m.authorId === actorId) return 'own_material';
  if (m.beneficiaryIds.includes(actorId)) return 'material_beneficiary';
  return null;
}

/** A held text (docs/compliance.md, the held queue) is released by someone other than its writer. */
export function holdConflict(actorId: number, writerId: number | null): FourEyesConflict | null {
  return writerId !== null && writerId === actorId ? 'own_text' : null;
}

/** One review decision as the compliance trail keeps it (kind 'review'). */
export interface ReviewAudit {
  subject: string;
  /** bind / approve / reject / publish / return. */
  action: string;
  adviserId?: number | null;
  detail?: Record<string, unknown>;
}

/**
 * Review decisions for the routes that make them: the role and the four-eyes rule checked from the
 * session, each attempt written to the trail, allowed or refused, so a refused one is on record too.
 */
export function reviewDecisions(compliance: Pick<ComplianceRepository, 'record'>, now: () => Date) {
  const record = (request: FastifyRequest, a: ReviewAudit, decision: ComplianceDecision, reason: string | null) =>
    compliance.record({
      kind: 'review',
      actorId: request.user?.id ?? null,
      adviserId: a.adviserId ?? null,
      subject: a.subject,
      decision,
      reason,
      detail: { action: a.action, ...a.detail },
      at: now(),
    });

  return {
    /** Refuses (403, audited) a signed-in user without the reviewer role. */
    async requireReviewer(request: FastifyRequest, a: ReviewAudit): Promise<void> {
      if (hasRole(request.user, 'reviewer')) return;
      await record(request, a, 'refused', 'not_reviewer');
      throw forbidden(`仅${ROLE_LABELS.reviewer}（合规/运营审核）可以操作`);
    },
    /** Refuses (403, audited) a decision the four-eyes rule gives to someone else. */
    async refuseConflict(request: FastifyRequest, a: ReviewAudit, conflict: FourEyesConflict | null): Promise<void> {
      if (!conflict) return;
      await record(request, { ...a, detail: { ...a.detail, rule: 'four_eyes' } }, 'refused', conflict);
      throw forbidden(FOUR_EYES_REASONS[conflict]);
    },
    /** The decision taken, with the reviewer's words when there are any. */
    allowed: (request: FastifyRequest, a: ReviewAudit, decision: ComplianceDecision, reason: string | null) =>
      record(request, a, decision, reason),
  };
}
