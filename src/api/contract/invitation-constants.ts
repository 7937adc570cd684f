/**
 * Plain constants of the member-invitation program, shared by the client and the
 * local backend (no TypeBox here, so the client bundle can import them).
 */
import {
  SMS_CODE_MAX_ATTEMPTS,
  SMS_CODE_TTL_MS,
  SMS_PER_ADDRESS_DAY,
  SMS_PER_PHONE_HOUR,
  SMS_RESEND_SECONDS,
} from './auth-constants';

/** Invitation states (docs/invitation.md#rules-of-the-programme): link opened → registered → identity verified → reward eligible → reward granted | voided. */
export const INVITATION_STATES = ['opened', 'registered', 'verified', 'eligible', 'granted', 'voided'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

/** Why an invitation or a reward was voided. */
export const VOID_REASONS = ['expired', 'self_referral', 'already_registered', 'review_rejected'] as const;
export type VoidReason = (typeof VOID_REASONS)[number];

/** Fraud rules that flag a registration for review (it still registers; rewards wait for staff). */
export const FLAG_RULES = ['ip_daily', 'inviter_hourly'] as const;
export type FlagRule = (typeof FLAG_RULES)[number];

/**
 * What a reward can be for. Chinese sales rules forbid gifts tied to product sales: there is
 * no purchase kind, and the database refuses any other value.
 */
export const REWARD_KINDS = ['registration', 'identity_verification', 'learning_task'] as const;
export type RewardKind = (typeof REWARD_KINDS)[number];
export const REWARD_STATES = ['pending', 'granted', 'voided'] as const;
export type RewardState = (typeof REWARD_STATES)[number];
/** Points each reward kind is worth. */
export const REWARD_POINTS: Record<RewardKind, number> = {
  registration: 100,
  identity_verification: 200,
  learning_task: 50,
};

/** A learning task is reading one investor-education article for this long (timed by the server). */
export const LEARNING_TASK_SECONDS = 30;
/** How many of the newest store articles are offered as learning tasks. */
export const LEARNING_TASK_COUNT = 3;

/** Binding review of an invited member to an adviser. */
export const BIND_STATES = ['unbound', 'bound', 'confirmed', 'rejected'] as const;
export type BindState = (typeof BIND_STATES)[number];

/** First touch wins for 30 days. */
export const ATTRIBUTION_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;
/** More than 3 registrations from one address in 24 hours: the 4th and later are flagged. */
export const IP_DAILY_REGISTRATIONS = 3;
export const IP_WINDOW_MS = 24 * 60 * 60 * 1000;
/** More than 10 registrations for one inviter in an hour: flagged. */
export const INVITER_HOURLY_REGISTRATIONS = 10;
export const INVITER_WINDOW_MS = 60 * 60 * 1000;

/** SMS limits of the invitation service: the one rule every SMS code follows (auth-constants.ts). */
export const MGM_SMS = {
  resendSeconds: SMS_RESEND_SECONDS,
  perPhoneHour: SMS_PER_PHONE_HOUR,
  perIpDay: SMS_PER_ADDRESS_DAY,
  ttlMs: SMS_CODE_TTL_MS,
  maxWrongTries: SMS_CODE_MAX_ATTEMPTS,
} as const;
/** SMS codes of the invitation service are stored with this prefix on the shared local SMS page. */
export const MGM_SMS_PREFIX = 'mgm:';

/** The mgmtoken lives 30 days. */
export const MGM_SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A member's share code: 8 characters of an unambiguous alphabet. */
export const SHARE_CODE_PATTERN = '^[A-HJ-NP-Z2-9]{8}$';
/** Device ids the client makes (a random hex or uuid-ish string). */
export const DEVICE_ID_PATTERN = '^[A-Za-z0-9_-]{8,64}$';
export const MGM_PAGE_SIZE_MAX = 50;

/** Refusals of the invitation service (Chinese messages go with them). */
export const InvitationErrorCode = {
  smsTooSoon: 230001,
  smsPhoneHourly: 230002,
  smsIpDaily: 230003,
  smsCodeWrong: 230004,
  smsCodeExpired: 230005,
  smsCodeVoided: 230006,
  phoneInvalid: 230007,
  passwordWeak: 230008,
  decryptFailed: 230009,
  phoneRegistered: 230010,
  wechatRegistered: 230011,
  selfReferral: 230012,
  shareCodeUnknown: 230013,
  agreementRequired: 230014,
  bindRefused: 230015,
  identityInvalid: 230016,
  taskUnknown: 230017,
  taskNotStarted: 230018,
  taskTooSoon: 230019,
  taskDone: 230020,
  /** Signed in, but not in the program: membership is by choice (POST invite/join). */
  notMember: 230021,
} as const;

export const INVITATION_STATE_LABELS: Record<InvitationState, string> = {
  opened: '已打开链接',
  registered: '已注册',
  verified: '已实名',
  eligible: '待发放奖励',
  granted: '奖励已发放',
  voided: '已失效',
};
export const VOID_REASON_LABELS: Record<VoidReason, string> = {
  expired: '超过30天未注册',
  self_referral: '不能邀请自己',
  already_registered: '对方已注册过',
  review_rejected: '审核未通过',
};
export const FLAG_RULE_LABELS: Record<FlagRule, string> = {
  ip_daily: '同一网络当日注册超过3人，审核中',
  inviter_hourly: '1小时内邀请注册超过10人，审核中',
};
export const REWARD_KIND_LABELS: Record<RewardKind, string> = {
  registration: '好友注册奖励',
  identity_verification: '好友实名奖励',
  learning_task: '学习任务奖励',
};
export const REWARD_STATE_LABELS: Record<RewardState, string> = {
  pending: '待发放',
  granted: '已发放',
  voided: '已作废',
};
