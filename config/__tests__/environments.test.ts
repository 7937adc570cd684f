import {
  buildEnvironments,
  environmentForHost,
  environmentNameForHost,
  ERROR_REPORTING_ENVS,
  localEnvironment,
  normaliseHost,
  type RemoteValues,
} from '../environments';
import example from '../remote.example.json';
import type { Environment, EnvName } from '../types';

describe('environment by host name', () => {
  it.each<[string, EnvName]>([
    ['localhost', 'local'],
    ['LOCALHOST', 'local'],
    ['localhost.', 'local'],
    ['app.localhost', 'local'],
    ['my-mac.local', 'local'],
    ['127.0.0.1', 'local'],
    ['127.8.9.10', 'local'],
    ['0.0.0.0', 'local'],
    ['[::1]', 'local'],
    ['::1', 'local'],
    ['[::ffff:7f00:1]', 'local'],
    ['[fe80::1]', 'local'],
    ['[fd12:3456::1]', 'local'],
    ['192.168.1.5', 'local'],
    ['10.0.0.8', 'local'],
    ['172.16.4.2', 'local'],
    ['172.31.255.1', 'local'],
    ['localhost:8080', 'local'],
    ['', 'local'],
    ['t1.x.com', 't1'],
    ['T2.X.COM', 't2'],
    ['t3.live.x.com.', 't3'],
    ['m-t3.x.com', 't3'],
    ['t4-m.x.com', 't4'],
    ['h5-t1-live.x.com', 't1'],
    ['  t2.x.com  ', 't2'],
    ['t5.x.com', 'production'],
    ['t10.x.com', 'production'],
    ['t0.x.com', 'production'],
    ['live.x.com', 'production'],
    ['LIVE.X.COM.', 'production'],
    ['x.com', 'production'],
    ['www.t1.x.com', 'production'],
    ['test1.x.com', 'production'],
    ['172.32.0.1', 'production'],
    ['8.8.8.8', 'production'],
    ['[2001:db8::1]', 'production'],
    ['notlocalhost.com', 'production'],
  ])('%s → %s', (host, name) => {
    expect(environmentNameForHost(host)).toBe(name);
  });

  it('normalises case, brackets, port and trailing dots', () => {
    expect(normaliseHost(' [::1]:8080 ')).toBe('::1');
    expect(normaliseHost('T1.X.COM..')).toBe('t1.x.com');
    expect(normaliseHost('t1.x.com:443')).toBe('t1.x.com');
  });
});

const remote = Object.fromEntries(
  Object.entries(example)
    .filter(([key]) => !key.startsWith('$'))
    .map(([key, value]) => [key, { name: key, errorReportingDsn: null, ...(value as object) }]),
) as RemoteValues;

describe('environments', () => {
  const all = buildEnvironments(remote);

  it('has production, T1 to T4 and local, each with every field of docs/rules/constants.md#environments', () => {
    expect(Object.keys(all).sort()).toEqual(['local', 'production', 't1', 't2', 't3', 't4']);
    for (const [name, env] of Object.entries(all) as [EnvName, Environment][]) {
      expect(env.name).toBe(name);
      expect(Object.keys(env.endpoints).sort()).toEqual([
        'chatGroup',
        'chatRoom',
        'common',
        'invitation',
        'liveApp',
        'liveService',
        'marketMap',
        'tracking',
      ]);
      for (const key of ['chatRoomUrl', 'staticDomain', 'serviceDomain', 'activityUrl', 'analyticsUrl'] as const) {
        expect(typeof env[key]).toBe('string');
      }
      expect(env.miniProgram).toEqual({ customerAppId: expect.any(String), adviserAppId: expect.any(String) });
      expect(env.workChat).toEqual({
        corpId: expect.any(String),
        agentId: expect.any(String),
        authorizeHost: expect.any(String),
      });
      expect(env.webChat).toEqual({ appId: expect.any(String), authorizeHost: expect.any(String) });
      expect(env.secrets).toEqual({
        signing: expect.any(String),
        marketMap: expect.any(String),
        aesKey: expect.any(String),
      });
    }
  });

  it('gives an error-reporting address to production, T3 and local only', () => {
    expect(ERROR_REPORTING_ENVS).toEqual(['production', 't3', 'local']);
    const reporting = (Object.values(all) as Environment[])
      .filter((e) => e.errorReportingDsn)
      .map((e) => e.name)
      .sort();
    expect(reporting).toEqual(['local', 'production', 't3']);
  });

  it('drops an error-reporting address a config file gives T1, T2 or T4', () => {
    const t1 = { ...(remote.t1 as Environment), errorReportingDsn: 'https://key@errors.example.invalid/9' };
    expect(buildEnvironments({ t1 }).t1.errorReportingDsn).toBeNull();
  });

  it('uses the configured values for the host, and the committed ones for local', () => {
    expect(environmentForHost('t2.x.com', remote).endpoints.liveApp).toBe(
      'https://t2.api.example.invalid/live-api/cs-live-app',
    );
    expect(environmentForHost('live.x.com', remote).secrets.signing).toBe('FAKE-production-signing-secret');
    expect(environmentForHost('localhost', remote)).toBe(localEnvironment);
  });

  it('never lets an unconfigured remote environment call another one: its hosts are *.invalid', () => {
    const t4 = environmentForHost('t4.x.com', {});
    expect(t4.name).toBe('t4');
    for (const url of Object.values(t4.endpoints)) expect(url).toMatch(/^https:\/\/unconfigured\.t4\.invalid\//);
    expect(t4.errorReportingDsn).toBeNull();
  });
});
