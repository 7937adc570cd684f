/**
 * @jest-environment node
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { loadRemoteEnvironments, RemoteConfigError, validateRemoteEnvironment } from '../load-remote';
import example from '../remote.example.json';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'remote-env-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

type Json = Record<string, unknown>;
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
const t1 = () => clone(example.t1) as Json;
const production = () => clone(example.production) as Json;

function writeFile(content: unknown): string {
  const file = path.join(dir, 'remote.json');
  fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

function loadError(fn: () => unknown): RemoteConfigError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(RemoteConfigError);
    return error as RemoteConfigError;
  }
  throw new Error('expected a RemoteConfigError');
}

describe('loadRemoteEnvironments', () => {
  it('returns nothing when neither the file nor any variable exists (remote environments stay unconfigured)', () => {
    expect(loadRemoteEnvironments({ file: path.join(dir, 'absent.json'), env: {} })).toEqual({});
  });

  it('accepts the committed example, naming each environment and keeping its values', () => {
    const out = loadRemoteEnvironments({ file: path.resolve(__dirname, '../remote.example.json'), env: {} });
    expect(Object.keys(out).sort()).toEqual(['production', 't1', 't2', 't3', 't4']);
    expect(out.t2?.name).toBe('t2');
    expect(out.production?.errorReportingDsn).toMatch(/^https:\/\//);
    expect(out.t1?.errorReportingDsn).toBeNull();
  });

  it('reads REMOTE_ENV_<NAME> JSON without a file', () => {
    const out = loadRemoteEnvironments({
      file: path.join(dir, 'absent.json'),
      env: { REMOTE_ENV_T1: JSON.stringify(t1()) },
    });
    expect(out.t1?.endpoints.liveApp).toBe('https://t1.api.example.invalid/live-api/cs-live-app');
  });

  it('deep-merges a variable over the file, so CI can inject only the secrets', () => {
    const base = t1();
    delete (base as { secrets?: unknown }).secrets;
    const file = writeFile({ t1: base });
    const secrets = { secrets: { signing: 'ci-signing', marketMap: 'ci-map', aesKey: 'ci-aes-key-16byt' } };
    const out = loadRemoteEnvironments({ file, env: { REMOTE_ENV_T1: JSON.stringify(secrets) } });
    expect(out.t1?.secrets.signing).toBe('ci-signing');
    expect(out.t1?.staticDomain).toBe('https://t1.static.example.invalid');
  });

  it('names the missing field and where the values came from', () => {
    const value = t1();
    delete (value.endpoints as Json).marketMap;
    const error = loadError(() => loadRemoteEnvironments({ file: writeFile({ t1: value }), env: {} }));
    expect(error.message).toContain('t1 (from remote-env-');
    expect(error.message).toContain('missing field "endpoints.marketMap"');
  });

  it('lists every problem at once: missing, empty, wrong type, bad URL, unknown field', () => {
    const value = t1();
    delete (value.workChat as Json).agentId;
    (value.secrets as Json).signing = '';
    value.chatRoomUrl = 42;
    value.analyticsUrl = 'analytics.example.com/sa';
    value.chatroomUrl = 'typo';
    const error = loadError(() =>
      loadRemoteEnvironments({ file: path.join(dir, 'absent.json'), env: { REMOTE_ENV_T1: JSON.stringify(value) } }),
    );
    expect(error.message).toContain('t1 (from REMOTE_ENV_T1): missing field "workChat.agentId"');
    expect(error.message).toContain('missing field "secrets.signing"');
    expect(error.message).toContain('field "chatRoomUrl" must be an absolute URL (http, https, ws, wss)');
    expect(error.message).toContain('field "analyticsUrl" must be an absolute URL (http, https, ws, wss)');
    expect(error.message).toContain('unknown field "chatroomUrl"');
  });

  it('requires an error-reporting address for production and T3 only', () => {
    const prod = production();
    delete prod.errorReportingDsn;
    const error = loadError(() => loadRemoteEnvironments({ file: writeFile({ production: prod, t1: t1() }), env: {} }));
    expect(error.message).toContain('production (from remote-env-');
    expect(error.message).toContain('missing field "errorReportingDsn"');
    expect(error.message).not.toContain('t1 (');
    expect(validateRemoteEnvironment('t3', { ...clone(example.t3), errorReportingDsn: null })).toEqual([
      'missing field "errorReportingDsn" (an absolute URL; required for t3)',
    ]);
  });

  it('refuses an unknown environment name in the file and an unknown REMOTE_ENV_ variable', () => {
    expect(loadError(() => loadRemoteEnvironments({ file: writeFile({ prod: t1() }), env: {} })).message).toContain(
      'unknown environment "prod"',
    );
    expect(
      loadError(() => loadRemoteEnvironments({ file: path.join(dir, 'absent.json'), env: { REMOTE_ENV_T5: '{}' } }))
        .message,
    ).toContain('Unknown variable REMOTE_ENV_T5');
  });

  it('reports invalid JSON with its source', () => {
    expect(loadError(() => loadRemoteEnvironments({ file: writeFile('{ "t1": '), env: {} })).message).toMatch(
      /remote\.json is not valid JSON/,
    );
    expect(
      loadError(() => loadRemoteEnvironments({ file: path.join(dir, 'absent.json'), env: { REMOTE_ENV_T2: 'nope' } }))
        .message,
    ).toContain('REMOTE_ENV_T2 is not valid JSON');
  });

  it('can insist on environments a release build needs', () => {
    const error = loadError(() =>
      loadRemoteEnvironments({ file: path.join(dir, 'absent.json'), env: {}, required: ['production'] }),
    );
    expect(error.message).toContain(
      'production: not configured (set it in config/remote.json or REMOTE_ENV_PRODUCTION)',
    );
  });

  it('refuses a name field that disagrees with the key', () => {
    expect(validateRemoteEnvironment('t1', { ...t1(), name: 't2' })).toEqual([
      'field "name" is "t2", expected "t1" or nothing',
    ]);
  });
});
