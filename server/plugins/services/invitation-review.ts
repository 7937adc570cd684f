import type { FastifyPluginAsync } from 'fastify';
import {
  BindLogRequest,
  BindLogResponse,
  BindRequest,
  BindResponse,
  CheckBindResponse,
  CheckSignResponse,
  ConfirmRequest,
  ConfirmResponse,
  QueryNameRequest,
  QueryNameResponse,
  ReviewMemberRequest,
  ReviewUserListRequest,
  ReviewUserListResponse,
  type CheckBind,
} from '../../../src/api/contract/invitation';
import { InvitationErrorCode as E, maskName, type FlagRule } from '../../../src/api/contract/invitation-constants';
import { ApiError, notFound, ok, responses } from '../../http/errors';
import type { TypeBoxProvider } from '../../http/typebox';
import type { MemberRow } from '../../repositories/invitation-members';
import type { ServiceDeps, ServiceOptions } from '../deps';
import { maskedPhone } from './invitation';

const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

async function memberOr404(deps: ServiceDeps, memberId: number): Promise<MemberRow> {
  const member = await deps.repos.invitation.members.byId(memberId);
  if (!member) throw notFound('没有这位会员');
  return member;
}

/** Whether a member may be bound to an adviser, and why not. */
async function checkBind(deps: ServiceDeps, member: MemberRow, employeeId: string): Promise<CheckBind & { adviserId: number | null }> {
  const reasons: string[] = [];
  const adviser = await deps.repos.review.adviserByEmployeeId(employeeId);
  if (!adviser) reasons.push('没有这位员工');
  else if (!adviser.isFinancialAdvisor) reasons.push('该员工不是理财师，不能服务客户');
  if (!member.agreementSignedAt) reasons.push('客户尚未签署会员服务协议');
  if (member.bindState === 'confirmed') reasons.push('该客户的绑定已确认，不能再改');
  const invitation = await deps.repos.invitation.forInvitee(member.id);
  if (invitation?.state === 'voided') reasons.push('该邀请已失效');
  const current = member.adviserId ? await deps.repos.invitation.members.user(member.adviserId) : null;
  return { ok: reasons.length === 0, reasons, currentAdviser: current?.realName ?? null, adviserId: adviser?.id ?? null };
}

/** /mgm-service review/*: staff bind invited members to advisers. Every route needs a staff sign-in (403 otherwise). */
export const invitationReviewPlugin: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const staffOnly = { preValidation: [deps.signed('basic'), deps.guards.requireAdviser] };

  app.post('/review/userList', { schema: { body: ReviewUserListRequest, response: responses(ReviewUserListResponse) }, ...staffOnly }, async (request) => {
    const { page = 1, pageSize = 20, status = 'pending' } = request.body;
    const { total, rows } = await deps.repos.review.userList(status, page, pageSize);
    const list = rows.map((r) => ({
      memberId: r.member.id,
      phone: maskedPhone(r.member.phone) ?? '',
      name: maskName(r.name),
      inviterName: r.inviterName ? maskName(r.inviterName) : null,
      invitationState: r.inv?.state ?? null,
      flags: r.inv?.flags ? (r.inv.flags.split(',') as FlagRule[]) : [],
      signed: r.member.agreementSignedAt !== null,
      bindState: r.member.bindState,
      adviserName: r.adviserName,
      registeredAt: seconds(r.member.createdAt) ?? 0,
    }));
    return ok({ list, total, page, pageSize });
  });

  app.post('/review/checkSign', { schema: { body: ReviewMemberRequest, response: responses(CheckSignResponse) }, ...staffOnly }, async (request) => {
    const member = await memberOr404(deps, request.body.memberId);
    return ok({ memberId: member.id, signed: member.agreementSignedAt !== null, signedAt: seconds(member.agreementSignedAt) });
  });

  app.post('/review/queryName', { schema: { body: QueryNameRequest, response: responses(QueryNameResponse) }, ...staffOnly }, async (request) => {
    const rows = await deps.repos.review.queryAdvisers(request.body.keyword.trim());
    return ok({ list: rows.map((u) => ({ employeeId: u.employeeId, name: u.realName, department: u.department, isFinancialAdvisor: u.isFinancialAdvisor })) });
  });

  app.post('/review/checkBind', { schema: { body: BindRequest, response: responses(CheckBindResponse) }, ...staffOnly }, async (request) => {
    const member = await memberOr404(deps, request.body.memberId);
    const { adviserId: _ignored, ...check } = await checkBind(deps, member, request.body.employeeId);
    return ok(check);
  });

  app.post('/review/bind', { schema: { body: BindRequest, response: responses(BindResponse) }, ...staffOnly }, async (request) => {
    const member = await memberOr404(deps, request.body.memberId);
    const check = await checkBind(deps, member, request.body.employeeId);
    if (!check.ok || check.adviserId === null) throw new ApiError(400, E.bindRefused, check.reasons.join('；'));
    await deps.repos.review.setBinding(member.id, { adviserId: check.adviserId, bindState: 'bound' });
    await deps.repos.review.log({ memberId: member.id, action: 'bind', adviserId: check.adviserId, staffId: request.user!.id, note: '', now: deps.now() });
    const adviser = await deps.repos.invitation.members.user(check.adviserId);
    return ok({ memberId: member.id, bindState: 'bound' as const, adviserName: adviser?.realName ?? null });
  });

  app.post('/review/confirm', { schema: { body: ConfirmRequest, response: responses(ConfirmResponse) }, ...staffOnly }, async (request) => {
    const { memberId, decision, note = '' } = request.body;
    const member = await memberOr404(deps, memberId);
    const now = deps.now();
    if (decision === 'approve' && member.bindState !== 'bound' && member.bindState !== 'confirmed') {
      throw new ApiError(400, E.bindRefused, '请先为该客户绑定理财师，再确认');
    }
    const bindState = decision === 'approve' ? ('confirmed' as const) : ('rejected' as const);
    await deps.repos.review.setBinding(member.id, { bindState });
    const invitation = decision === 'approve' ? await deps.repos.invitation.approve(member.id, now) : await deps.repos.invitation.reject(member.id, now);
    await deps.repos.review.log({ memberId: member.id, action: decision, adviserId: member.adviserId, staffId: request.user!.id, note, now });
    return ok({ memberId: member.id, bindState, invitationState: invitation?.state ?? null });
  });

  app.post('/review/queryBindLog', { schema: { body: BindLogRequest, response: responses(BindLogResponse) }, ...staffOnly }, async (request) => {
    const { page = 1, pageSize = 20, memberId } = request.body;
    const { total, rows } = await deps.repos.review.bindLog(memberId, page, pageSize);
    const list = rows.map((r) => ({
      id: r.log.id,
      memberId: r.log.memberId,
      action: r.log.action,
      adviserName: r.adviserName,
      staffName: r.staffName,
      note: r.log.note,
      at: seconds(r.log.createdAt) ?? 0,
    }));
    return ok({ list, total, page, pageSize });
  });
};
