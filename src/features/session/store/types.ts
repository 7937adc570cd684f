import type { PhoneRegion } from '../../../api/contract/auth';
import type { AppWebView } from '../../../api/contract/phone-sign-in';
import type { ApiErrorInfo } from '../../../api/errors';

/** The three sign-in flows of docs/rules/states.md, one state machine each. */
export type SessionFlow = 'workChat' | 'webChat' | 'share';

/**
 * idle → checking → signedIn | redirecting (to the authorization page) | signedOut (web-chat
 * without code or binding) | failed (retry with sessionCheckRequested).
 */
export type FlowStatus = 'idle' | 'checking' | 'redirecting' | 'signedIn' | 'signedOut' | 'failed';

export interface FlowState {
  status: FlowStatus;
  error: ApiErrorInfo | null;
  /** When the flow last signed in (ms, from the saga's clock). */
  signedInAt: number | null;
}

export type RegionsStatus = 'idle' | 'loading' | 'loaded' | 'failed';
export type SmsStatus = 'idle' | 'sending' | 'sent' | 'failed';
export type SubmitStatus = 'idle' | 'submitting' | 'failed' | 'succeeded';

export interface LoginState {
  regions: { status: RegionsStatus; list: PhoneRegion[]; error: ApiErrorInfo | null };
  regionCode: string | null;
  /** The number the last code was sent to (the form's value lives in the screen). */
  sms: { status: SmsStatus; resendIn: number; error: string | null };
  submit: { status: SubmitStatus; error: string | null };
  fieldErrors: { phone: string | null; code: string | null; password: string | null };
  /** SMS code or the password chosen at registration. */
  mode: LoginMode;
  /** Who is signed in on this device, read when /login opens: it then shows the account and a logout. */
  account: LoginAccount | null;
  /** The account has been read from this device at least once (so "nobody" is an answer, not a wait). */
  accountChecked?: boolean;
  logout: { status: 'idle' | 'leaving' };
  /**
   * Opened inside the firm's app web view (docs/rules/roles.md#contexts, read by the saga when /login opens): the code
   * is sent through the app's sendPhoneCode and the sign-in is info_open_wealth's. Optional: older logs lack it.
   */
  appWebView?: AppWebView | null;
}

export type LoginMode = 'sms' | 'password';
export interface LoginAccount {
  name: string;
  /** Masked, as stored: 139****0004. */
  phone: string | null;
  /** The staff desks this employee's record points to (entries only: each desk's server decides by the session). */
  desks?: StaffDesk[];
}
export type StaffDesk = 'expertAnswers' | 'reviewDesk' | 'complianceLog';

/** What a screen asks the share menu to show (docs/rules/states.md#share-menus); link defaults to the page without code/state. */
export interface ShareMenu {
  title: string;
  desc: string;
  link?: string;
  imgUrl?: string;
  timelineTitle?: string;
}

/**
 * idle → waiting (the 1000 ms of docs/rules/constants.md#sessions-and-share-menus, then signing) → shown | hidden; failed (SDK config or
 * signing refused); unsupported (not WeChat or WeCom: there is no menu to set).
 */
export type ShareStatus = 'idle' | 'waiting' | 'shown' | 'hidden' | 'failed' | 'unsupported';

export interface ShareState {
  status: ShareStatus;
  /** null: the screen asked to hide the menu. */
  menu: ShareMenu | null;
  error: ApiErrorInfo | null;
  /** Shares the SDK reported since the page loaded. */
  shares: number;
}

export interface SessionState {
  /** Which flow this page needs (route map in requirements.ts); null: none. */
  required: SessionFlow | null;
  flows: Record<SessionFlow, FlowState>;
  share: ShareState;
}
