import { type Static, type TSchema, Type } from '@sinclair/typebox';

import { Envelope } from './envelope';
import { Id } from './id';
import {
  type BIND_STATES,
  DEVICE_ID_PATTERN,
  type FLAG_RULES,
  type INVITATION_STATES,
  MGM_PAGE_SIZE_MAX,
  type REWARD_KINDS,
  type REWARD_STATES,
  SHARE_CODE_PATTERN,
  type VOID_REASONS,
} from './invitation-constants';

/**
 * The invitation service (docs/rules/services.md#invitation-service, base /mgm-service). Every call is POST with the
 * basic signature; member calls carry the mgmtoken header, review calls a staff user token.
 */
const Strict = { additionalProperties: false } as const;

const Region = Type.String({ pattern: '^[0-9]{1,4}$' });
const NationalPhone = Type.String({ pattern: '^[0-9]{4,15}$' });
const ShareCode = Type.String({ pattern: SHARE_CODE_PATTERN });
const DeviceId = Type.String({ pattern: DEVICE_ID_PATTERN });
/** RSA (PKCS#1 v1.5, base64) ciphertext of a sensitive field. */
const Encrypted = Type.String({ minLength: 16, maxLength: 1024, pattern: '^[A-Za-z0-9+/=]+$' });
const MemberId = Id;
const Page = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MGM_PAGE_SIZE_MAX })),
};
const Paged = <T extends TSchema>(item: T) =>
  Type.Object({ list: Type.Array(item), total: Type.Integer(), page: Type.Integer(), pageSize: Type.Integer() });
const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

// Written out, so Static<> keeps the literal types (each list mirrors invitation-constants.ts).
export const InvitationStateSchema = Type.Union([
  Type.Literal('opened'),
  Type.Literal('registered'),
  Type.Literal('verified'),
  Type.Literal('eligible'),
  Type.Literal('granted'),
  Type.Literal('voided'),
]);
export const VoidReasonSchema = Type.Union([
  Type.Literal('expired'),
  Type.Literal('self_referral'),
  Type.Literal('already_registered'),
  Type.Literal('review_rejected'),
]);
export const FlagRuleSchema = Type.Union([Type.Literal('ip_daily'), Type.Literal('inviter_hourly')]);
export const RewardKindSchema = Type.Union([
  Type.Literal('registration'),
  Type.Literal('identity_verification'),
  Type.Literal('learning_task'),
]);
export const RewardStateSchema = Type.Union([Type.Literal('pending'), Type.Literal('granted'), Type.Literal('voided')]);
export const BindStateSchema = Type.Union([
  Type.Literal('unbound'),
  Type.Literal('bound'),
  Type.Literal('confirmed'),
  Type.Literal('rejected'),
]);
/**
 * Compile-time check that the written-out lists match the constants (fails to compile otherwise).
 * Exported only so the compiler keeps checking it; nothing imports it (knip.jsonc lists it).
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true[]> = T;
export type InvitationContractMatchesConstants = Assert<
  [
    Same<Static<typeof InvitationStateSchema>, (typeof INVITATION_STATES)[number]>,
    Same<Static<typeof VoidReasonSchema>, (typeof VOID_REASONS)[number]>,
    Same<Static<typeof FlagRuleSchema>, (typeof FLAG_RULES)[number]>,
    Same<Static<typeof RewardKindSchema>, (typeof REWARD_KINDS)[number]>,
    Same<Static<typeof RewardStateSchema>, (typeof REWARD_STATES)[number]>,
    Same<Static<typeof BindStateSchema>, (typeof BIND_STATES)[number]>,
  ]
>;

/** POST invite/getRSA: the public key (PEM) the password is encrypted with. */
export const MgmRsaKey = Type.Object({ pubKey: Type.String() });
export type MgmRsaKey = Static<typeof MgmRsaKey>;
export const MgmRsaKeyResponse = Envelope(MgmRsaKey);

/** POST invite/sendCode {region, phone}: the code appears on the local SMS page. */
export const MgmSendCodeRequest = Type.Object({ region: Region, phone: NationalPhone }, Strict);
export type MgmSendCodeRequest = Static<typeof MgmSendCodeRequest>;
export const MgmSentCode = Type.Object({ resend_in: Type.Integer(), expires_in: Type.Integer() });
export type MgmSentCode = Static<typeof MgmSentCode>;
export const MgmSentCodeResponse = Envelope(MgmSentCode);

/** The signed-in member as the member sees themselves. */
export const MemberInfo = Type.Object({
  memberId: Type.Integer(),
  /** Masked, e.g. 139****5678. */
  phone: Type.String(),
  name: Type.String(),
  avatar: Type.String(),
  shareCode: Type.String(),
  verified: Type.Boolean(),
  /** The verified resident ID, masked; null until verified. */
  idNumber: Nullable(Type.String()),
  invitedCount: Type.Integer(),
  rewardPoints: Type.Integer(),
});
export type MemberInfo = Static<typeof MemberInfo>;

/**
 * POST invite/userBaseInfo: who the mgmtoken is; with a user token and no mgmtoken, signs a member in (mgmtoken in
 * the answer). A signed-in person who has not joined is refused with notMember: opening the program enrols no one.
 */
export const UserBaseInfoRequest = Type.Object(
  {
    deviceId: Type.Optional(DeviceId),
    /** Identity verification: real name and resident ID (docs/rules/validation.md#resident-id). */
    identity: Type.Optional(
      Type.Object(
        {
          realName: Type.String({ minLength: 2, maxLength: 20, pattern: '^[^\\u0000]+$' }),
          idNumber: Type.String({ minLength: 15, maxLength: 18 }),
        },
        Strict,
      ),
    ),
  },
  Strict,
);
export type UserBaseInfoRequest = Static<typeof UserBaseInfoRequest>;
export const UserBaseInfo = Type.Intersect([MemberInfo, Type.Object({ mgmtoken: Type.Optional(Type.String()) })]);
export type UserBaseInfo = Static<typeof UserBaseInfo>;
export const UserBaseInfoResponse = Envelope(UserBaseInfo);

/**
 * POST invite/join: the signed-in person joins the program by choice (the 加入 tap), or, already a member, is
 * signed in again; the answer is UserBaseInfo with the mgmtoken.
 */
export const JoinRequest = Type.Object({ deviceId: Type.Optional(DeviceId) }, Strict);
export type JoinRequest = Static<typeof JoinRequest>;

/** POST invite/getShareUserInfo {shareCode, deviceId}: the inviter (masked); records the link as opened. */
export const ShareUserInfoRequest = Type.Object({ shareCode: ShareCode, deviceId: DeviceId }, Strict);
export type ShareUserInfoRequest = Static<typeof ShareUserInfoRequest>;
export const ShareUserInfo = Type.Object({
  inviterName: Type.String(),
  inviterAvatar: Type.String(),
  /** True when the visitor is already attributed to an earlier inviter or registered. */
  alreadyInvited: Type.Boolean(),
  /** The visitor is the inviter (their own link). */
  isSelf: Type.Boolean(),
  /** The visitor is already a member (the inviter too): the landing shows their member page, not the form. */
  isMember: Type.Boolean(),
  /** What membership gives, one line each. */
  benefits: Type.Array(Type.String()),
});
export type ShareUserInfo = Static<typeof ShareUserInfo>;
export const ShareUserInfoResponse = Envelope(ShareUserInfo);

/** POST invite/register: phone, SMS code, password encrypted with the getRSA key. */
export const MgmRegisterRequest = Type.Object(
  {
    region: Region,
    phone: NationalPhone,
    code: Type.String({ pattern: '^[0-9]{6}$' }),
    password: Encrypted,
    shareCode: Type.Optional(ShareCode),
    deviceId: DeviceId,
    agree: Type.Boolean(),
    /**
     * One per registration attempt, the same when it is sent again: a resend whose first try
     * went through (the answer lost with the connection) gets that registration back, not an error.
     */
    requestId: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{16,64}$' })),
  },
  Strict,
);
export type MgmRegisterRequest = Static<typeof MgmRegisterRequest>;
export const MgmRegistered = Type.Object({
  mgmtoken: Type.String(),
  member: MemberInfo,
  /** Who the registration was attributed to (first touch), masked; null without one. */
  inviterName: Nullable(Type.String()),
  flagged: Type.Boolean(),
});
export type MgmRegistered = Static<typeof MgmRegistered>;
export const MgmRegisteredResponse = Envelope(MgmRegistered);

export const PageRequest = Type.Object(Page, Strict);
export type PageRequest = Static<typeof PageRequest>;

/** One of my invitations, as the inviter sees it. */
export const FriendItem = Type.Object({
  id: Type.Integer(),
  /** Masked phone of the invitee; null while the link was only opened. */
  phone: Nullable(Type.String()),
  name: Nullable(Type.String()),
  state: InvitationStateSchema,
  voidReason: Nullable(VoidReasonSchema),
  flags: Type.Array(FlagRuleSchema),
  openedAt: Type.Integer(),
  registeredAt: Nullable(Type.Integer()),
});
export type FriendItem = Static<typeof FriendItem>;
export const FriendList = Paged(FriendItem);
export type FriendList = Static<typeof FriendList>;
export const FriendListResponse = Envelope(FriendList);

export const GiftItem = Type.Object({
  id: Type.Integer(),
  kind: RewardKindSchema,
  points: Type.Integer(),
  state: RewardStateSchema,
  voidReason: Nullable(VoidReasonSchema),
  /** Masked phone of the friend the reward came from. */
  friendPhone: Nullable(Type.String()),
  createdAt: Type.Integer(),
});
export type GiftItem = Static<typeof GiftItem>;
export const GiftList = Type.Intersect([
  Paged(GiftItem),
  Type.Object({ pendingPoints: Type.Integer(), grantedPoints: Type.Integer() }),
]);
export type GiftList = Static<typeof GiftList>;
export const GiftListResponse = Envelope(GiftList);

/** Learning tasks (not in the spec's list; they are what a learning-task reward is for). */
export const LearningTaskStateSchema = Type.Union([
  Type.Literal('todo'),
  Type.Literal('reading'),
  Type.Literal('done'),
]);
export const LearningTask = Type.Object({
  articleId: Type.Integer(),
  title: Type.String(),
  summary: Type.String(),
  state: LearningTaskStateSchema,
  /** Seconds of reading the server still waits for; 0 once it may be completed or is done. */
  secondsLeft: Type.Integer(),
  points: Type.Integer(),
});
export type LearningTask = Static<typeof LearningTask>;
/** POST invite/taskList (mgmtoken): my learning tasks. */
export const TaskList = Type.Object({ list: Type.Array(LearningTask) });
export type TaskList = Static<typeof TaskList>;
export const TaskListResponse = Envelope(TaskList);
/** POST invite/taskStart | invite/taskComplete {articleId} (mgmtoken): the task as it stands after the call. */
export const TaskRequest = Type.Object({ articleId: Id }, Strict);
export type TaskRequest = Static<typeof TaskRequest>;
export const TaskResponse = Envelope(LearningTask);

/** review/*: staff bind an invited member to the right adviser. */
export const ReviewUserListRequest = Type.Object(
  { ...Page, status: Type.Optional(Type.Union([Type.Literal('pending'), Type.Literal('done'), Type.Literal('all')])) },
  Strict,
);
export type ReviewUserListRequest = Static<typeof ReviewUserListRequest>;
export const ReviewUser = Type.Object({
  memberId: Type.Integer(),
  phone: Type.String(),
  name: Type.String(),
  inviterName: Nullable(Type.String()),
  invitationState: Nullable(InvitationStateSchema),
  flags: Type.Array(FlagRuleSchema),
  signed: Type.Boolean(),
  bindState: BindStateSchema,
  adviserName: Nullable(Type.String()),
  registeredAt: Type.Integer(),
  /** Why the signed-in reviewer may not decide on this member (four eyes: the inviter, the adviser, the member), or null. */
  fourEyes: Nullable(Type.String()),
  /**
   * A confirmed or rejected member's final decision: who made it and why the signed-in reviewer may not
   * reverse it (null: they may, as the second reviewer). Null for a member still in review.
   */
  finalDecision: Nullable(
    Type.Object({
      decidedBy: Nullable(Type.String()),
      at: Type.Integer(),
      reverseBlock: Nullable(Type.String()),
    }),
  ),
});
export type ReviewUser = Static<typeof ReviewUser>;
export const ReviewUserList = Paged(ReviewUser);
export const ReviewUserListResponse = Envelope(ReviewUserList);

export const ReviewMemberRequest = Type.Object({ memberId: MemberId }, Strict);
export const CheckSign = Type.Object({
  memberId: Type.Integer(),
  signed: Type.Boolean(),
  signedAt: Nullable(Type.Integer()),
});
export const CheckSignResponse = Envelope(CheckSign);

export const QueryNameRequest = Type.Object(
  { keyword: Type.String({ minLength: 1, maxLength: 32, pattern: '^[^\\u0000]+$' }) },
  Strict,
);
export const Adviser = Type.Object({
  employeeId: Type.String(),
  name: Type.String(),
  department: Nullable(Type.String()),
  isFinancialAdvisor: Type.Boolean(),
});
export type Adviser = Static<typeof Adviser>;
export const AdviserList = Type.Object({ list: Type.Array(Adviser) });
export type AdviserList = Static<typeof AdviserList>;
export const QueryNameResponse = Envelope(AdviserList);

export const BindRequest = Type.Object(
  { memberId: MemberId, employeeId: Type.String({ pattern: '^[A-Za-z0-9]{1,32}$' }) },
  Strict,
);
export type BindRequest = Static<typeof BindRequest>;
export const CheckBind = Type.Object({
  ok: Type.Boolean(),
  reasons: Type.Array(Type.String()),
  currentAdviser: Nullable(Type.String()),
});
export type CheckBind = Static<typeof CheckBind>;
export const CheckBindResponse = Envelope(CheckBind);
export const BindResult = Type.Object({
  memberId: Type.Integer(),
  bindState: BindStateSchema,
  adviserName: Nullable(Type.String()),
});
export type BindResult = Static<typeof BindResult>;
export const BindResponse = Envelope(BindResult);

export const ConfirmRequest = Type.Object(
  {
    memberId: MemberId,
    decision: Type.Union([Type.Literal('approve'), Type.Literal('reject')]),
    note: Type.Optional(Type.String({ maxLength: 200, pattern: '^[^\\u0000]*$' })),
  },
  Strict,
);
export type ConfirmRequest = Static<typeof ConfirmRequest>;
export const ConfirmResult = Type.Object({
  memberId: Type.Integer(),
  bindState: BindStateSchema,
  invitationState: Nullable(InvitationStateSchema),
});
export type ConfirmResult = Static<typeof ConfirmResult>;
export const ConfirmResponse = Envelope(ConfirmResult);

/** A second reviewer reverses a final (confirmed or rejected) decision, with the reason (docs/invitation.md). */
export const ReverseRequest = Type.Object(
  {
    memberId: MemberId,
    reason: Type.String({ maxLength: 200, pattern: '^[^\\u0000]*$' }),
  },
  Strict,
);
export type ReverseRequest = Static<typeof ReverseRequest>;
export const ReverseResponse = Envelope(ConfirmResult);

export const BindLogRequest = Type.Object({ ...Page, memberId: Type.Optional(MemberId) }, Strict);
export const BindLogItem = Type.Object({
  id: Type.Integer(),
  memberId: Type.Integer(),
  action: Type.String(),
  adviserName: Nullable(Type.String()),
  staffName: Type.String(),
  note: Type.String(),
  at: Type.Integer(),
});
export type BindLogItem = Static<typeof BindLogItem>;
export const BindLogResponse = Envelope(Paged(BindLogItem));
