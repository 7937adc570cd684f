import type { Environment, EnvName } from './types';

export type { Environment, EnvName } from './types';

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
  // Resolved against the page at run time: the local backend's Sentry envelope endpoint.
  errorReportingDsn: '{protocol}//local@{host}/error-report/1',
  secrets: { signing: 'local-signing-secret', marketMap: 'local-market-map-secret', aesKey: 'local-aes-key-16' },
};

export const REMOTE_NAMES = ['production', 't1', 't2', 't3', 't4'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Which remote environments carry an error-reporting address (docs/rules/constants.md#error-reporting). */
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

/** Lower case, no brackets or port, no trailing dot: what the rules below compare. */
export function normaliseHost(hostname: string): string {
  let host = hostname.trim().toLowerCase();
  if (host.startsWith('[')) {
    // "[::1]" as location.hostname gives it, or "[::1]:8080" from a pasted host.
    const close = host.indexOf(']');
    host = host.slice(1, close < 0 ? undefined : close);
  } else if (/^[^:]+:\d+$/.test(host)) {
    host = host.replace(/:\d+$/, '');
  }
  return host.replace(/\.+$/, '');
}

function isLocalIPv4(host: string): boolean {
  return (
    /^127\./.test(host) ||
    /^10\./.test(host) ||
    /^192\.168\./.test(host) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(host) ||
    /^169\.254\./.test(host) ||
    host === '0.0.0.0'
  );
}

function isLocalHost(host: string): boolean {
  if (host === '' || host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local')) return true;
  if (isLocalIPv4(host)) return true;
  if (!host.includes(':')) return false;
  // IPv6: loopback, link-local fe80::/10, unique-local fc00::/7, IPv4-mapped private addresses.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host);
  if (mapped) return isLocalIPv4(mapped[1] ?? '');
  // Browsers print a mapped address in hex: [::ffff:7f00:1] is 127.0.0.1.
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (hex) {
    const [hi, lo] = [parseInt(hex[1] ?? '0', 16), parseInt(hex[2] ?? '0', 16)];
    return isLocalIPv4(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
  }
  return host === '::1' || /^fe[89ab][0-9a-f]:/.test(host) || /^f[cd][0-9a-f]{2}:/.test(host);
}

/**
 * Host-name rules, first match wins:
 * - localhost, *.localhost, *.local, loopback, private and link-local addresses (IPv4 and
 *   IPv6), or no host at all (file:) → local: a developer machine or a phone on its LAN
 * - a first label that is, or has a dash-separated part that is, t1..t4 (t3.live.example.com,
 *   m-t2.example.com, t4-m.example.com) → that test environment
 * - anything else (t5, t10, live.example.com) → production: an unknown host must still work
 *   for real users, and production values are the only ones a real user can reach
 */
export function environmentNameForHost(hostname: string): EnvName {
  const host = normaliseHost(hostname);
  if (isLocalHost(host)) return 'local';
  const first = host.split('.')[0] ?? '';
  const test = first.split('-').find((part) => /^t[1-4]$/.test(part));
  return test ? (test as EnvName) : 'production';
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
