/** Every field an environment carries (docs/rules/constants.md#environments). */
export type EnvName = 'production' | 't1' | 't2' | 't3' | 't4' | 'local';

export interface ServiceEndpoints {
  /** Live service, /smart-live/smart-service. */
  liveService: string;
  /** Live app, /live-api/cs-live-app. */
  liveApp: string;
  /** Chat room service, /chat-room (the separate chat host of docs/rules/services.md#chat-room). */
  chatRoom: string;
  /** Leave-a-message service, /chat-group. */
  chatGroup: string;
  /** Invitation service, /mgm-service. */
  invitation: string;
  /** Common service, /noah-common. */
  common: string;
  /** Marketing-map service, /market_map_url. */
  marketMap: string;
  /** Own tracking backend (event.php / fast.php). */
  tracking: string;
}

export interface Environment {
  name: EnvName;
  endpoints: ServiceEndpoints;
  /** Chat-room websocket/HTTP address shown to the live room. */
  chatRoomUrl: string;
  staticDomain: string;
  serviceDomain: string;
  activityUrl: string;
  miniProgram: { customerAppId: string; adviserAppId: string };
  /** Enterprise work-chat (WeCom) corp id and agent id; authorizeHost serves /connect/oauth2/authorize. */
  workChat: { corpId: string; agentId: string; authorizeHost: string };
  /** Social-chat (WeChat) official-account app id and its authorization host. */
  webChat: { appId: string; authorizeHost: string };
  analyticsUrl: string;
  /** Error-reporting address: production, T3 and local only (docs/rules/constants.md#environments). */
  errorReportingDsn: string | null;
  /** Build-time secrets: the request-signing secret and the response AES key. */
  secrets: { signing: string; marketMap: string; aesKey: string };
}
