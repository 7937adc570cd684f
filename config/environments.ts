import type { EnvName, Environment } from './types';

export type { EnvName, Environment } from './types';

/**
 * The local environment points at the local backend on the same origin. Its "secrets"
 * exist only on this machine (server/ reads the same values), so they are committed.
 */
export const localEnvironment: Environment = {
  name: 'local',
  endpoints: {
    liveService: '/smart-live/smart-service',
    liveApp: '/live-api/cs-live-app',
    chatRoom: '/chat-room',
    chatGroup: '/chat-group',
    invitation: '/mgm-service',
    common: '/noah-common',
    marketMap: '/market_map_url',
    tracking: '/smart-live/smart-service',
  },
  chatRoomUrl: '/chat-room',
  staticDomain: '/static',
  serviceDomain: '',
  activityUrl: '/activity',
  miniProgram: { customerAppId: 'wx-local-customer-mini', adviserAppId: 'wx-local-adviser-mini' },
  workChat: { corpId: 'ww-local-corp', agentId: '1000001', authorizeHost: '/__local-auth/wecom' },
  webChat: { appId: 'wx-local-mp', authorizeHost: '/__local-auth/wechat' },
  analyticsUrl: '/sa',
  errorReportingDsn: 'local',
  secrets: { signing: 'local-signing-secret', marketMap: 'local-market-map-secret', aesKey: 'local-aes-key-16' },
};

const REMOTE_NAMES = ['production', 't1', 't2', 't3', 't4'] as const;
type RemoteName = (typeof REMOTE_NAMES)[number];

/** Which remote environments carry an error-reporting address (spec §9). */
export const ERROR_REPORTING_ENVS: readonly EnvName[] = ['production', 't3', 'local'];

/**
 * Remote values are not in the repository: they come from config/remote.json or
 * REMOTE_ENV_<NAME> variables at build time (webpack's DefinePlugin), see README.
 * A remote environment without values falls back to an empty shell that fails loudly
 * on the first request rather than calling some other environment's hosts.
 */
export function unconfiguredEnvironment(name: RemoteName): Environment {
  const none = `https://unconfigured.${name}.invalid`;
  return {
    name,
    endpoints: {
      liveService: `${none}/smart-live/smart-service`,
      liveApp: `${none}/live-api/cs-live-app`,
      chatRoom: `${none}/chat-room`,
      chatGroup: `${none}/chat-group`,
      invitation: `${none}/mgm-service`,
      common: `${none}/noah-common`,
      marketMap: `${none}/market_map_url`,
      tracking: `${none}/smart-live/smart-service`,
    },
    chatRoomUrl: `${none}/chat-room`,
    staticDomain: none,
    serviceDomain: none,
    activityUrl: `${none}/activity`,
    miniProgram: { customerAppId: '', adviserAppId: '' },
    workChat: { corpId: '', agentId: '', authorizeHost: 'https://open.weixin.qq.com' },
    webChat: { appId: '', authorizeHost: 'https://open.weixin.qq.com' },
    analyticsUrl: `${none}/sa`,
    errorReportingDsn: null,
    secrets: { signing: '', marketMap: '', aesKey: '' },
  };
}

/**
 * Host-name rules, first match wins:
 * - localhost, 127.x, ::1, *.localhost, *.local, private LAN addresses → local
 * - a first label of t1..t4, or one ending in -t1..-t4 (t3.live.example.com, m-t2.example.com) → that test environment
 * - anything else → production
 */
export function environmentNameForHost(hostname: string): EnvName {
  const host = hostname.trim().toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (
    host === '' ||
    host === 'localhost' ||
    host === '::1' ||
    host.endsWith('.localhost') ||
    host.endsWith('.local') ||
    /^127\./.test(host) ||
    /^10\./.test(host) ||
    /^192\.168\./.test(host) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(host)
  ) {
    return 'local';
  }
  const first = host.split('.')[0] ?? '';
  const m = /(?:^|-)(t[1-4])$/.exec(first);
  if (m) return m[1] as EnvName;
  return 'production';
}

export type RemoteValues = Partial<Record<RemoteName, Environment>>;

export function buildEnvironments(remote: RemoteValues): Record<EnvName, Environment> {
  const out = { local: localEnvironment } as Record<EnvName, Environment>;
  for (const name of REMOTE_NAMES) {
    const given = remote[name];
    const env = given ? { ...given, name } : unconfiguredEnvironment(name);
    // Only production, T3 and local report errors, whatever a config file says.
    out[name] = ERROR_REPORTING_ENVS.includes(name) ? env : { ...env, errorReportingDsn: null };
  }
  return out;
}

export function environmentForHost(hostname: string, remote: RemoteValues): Environment {
  return buildEnvironments(remote)[environmentNameForHost(hostname)];
}
