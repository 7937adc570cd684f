import { type CancellablePromise, requestData, type ServiceClients } from '@/api';
import type {
  FriendList,
  GiftList,
  JoinRequest,
  LearningTask,
  MgmRegistered,
  MgmRegisterRequest,
  MgmRsaKey,
  MgmSentCode,
  ShareUserInfo,
  TaskList,
  UserBaseInfo,
  UserBaseInfoRequest,
} from '@/api/contract/invitation';
import {
  isFriendList,
  isGiftList,
  isLearningTask,
  isMgmRegistered,
  isMgmRsaKey,
  isMgmSentCode,
  isShareUserInfo,
  isTaskList,
  isUserBaseInfo,
} from '@/api/generated/invitation';

/**
 * The invitation service (/mgm-service, docs/rules/services.md#invitation-service): one function per endpoint. Its client answers
 * a network failure with null (docs/rules/errors.md#network-failures); the sagas turn that into an error state with a retry.
 */
type Clients = Pick<ServiceClients, 'invitation'>;
const post = <T>(
  clients: Clients,
  url: string,
  data: unknown,
  check: (v: unknown) => v is T,
): CancellablePromise<T | null> => requestData(clients.invitation, { method: 'POST', url, data }, check);

export const getRsa = (c: Clients) => post<MgmRsaKey>(c, '/invite/getRSA', {}, isMgmRsaKey);
export const sendCode = (c: Clients, region: string, phone: string) =>
  post<MgmSentCode>(c, '/invite/sendCode', { region, phone }, isMgmSentCode);
export const register = (c: Clients, body: MgmRegisterRequest) =>
  post<MgmRegistered>(c, '/invite/register', body, isMgmRegistered);
export const userBaseInfo = (c: Clients, body: UserBaseInfoRequest) =>
  post<UserBaseInfo>(c, '/invite/userBaseInfo', body, isUserBaseInfo);
/** The 加入 tap: joins the program (or signs a member in again); the answer carries the mgmtoken. */
export const join = (c: Clients, body: JoinRequest) => post<UserBaseInfo>(c, '/invite/join', body, isUserBaseInfo);
export const getShareUserInfo = (c: Clients, shareCode: string, deviceId: string) =>
  post<ShareUserInfo>(c, '/invite/getShareUserInfo', { shareCode, deviceId }, isShareUserInfo);
export const friendList = (c: Clients, page: number, pageSize: number) =>
  post<FriendList>(c, '/invite/friendList', { page, pageSize }, isFriendList);
export const giftList = (c: Clients, page: number, pageSize: number) =>
  post<GiftList>(c, '/invite/giftList', { page, pageSize }, isGiftList);
export const taskList = (c: Clients) => post<TaskList>(c, '/invite/taskList', {}, isTaskList);
export const taskStart = (c: Clients, articleId: number) =>
  post<LearningTask>(c, '/invite/taskStart', { articleId }, isLearningTask);
export const taskComplete = (c: Clients, articleId: number) =>
  post<LearningTask>(c, '/invite/taskComplete', { articleId }, isLearningTask);
