import fs from 'node:fs';
import path from 'node:path';

import { ERROR_REPORTING_ENVS, REMOTE_NAMES, type RemoteName, type RemoteValues } from './environments';
import type { Environment } from './types';

/**
 * Build-time loader of the remote environments' values (Node only; webpack.config.ts puts
 * the result into DefinePlugin as __REMOTE_ENVIRONMENTS__). Nothing secret is committed:
 *
 * - config/remote.json (gitignored; shape in config/remote.example.json): `{ "t1": {...}, ... }`
 * - REMOTE_ENV_<NAME> (REMOTE_ENV_PRODUCTION, REMOTE_ENV_T1 ... REMOTE_ENV_T4): one
 *   environment as JSON, deep-merged over the file's, so CI can inject only the secrets.
 *
 * An environment given nowhere stays unconfigured (its requests fail on *.invalid hosts);
 * an environment given partly is an error naming every missing or wrong field.
 */

type FieldKind = 'url' | 'text';
type Shape<T> = { [K in keyof T]-?: T[K] extends string ? FieldKind : Shape<T[K]> };

/** Every field of docs/rules/constants.md#environments an environment must carry; typed so a new Environment field must be added here. */
const SHAPE: Shape<Omit<Environment, 'name' | 'errorReportingDsn'>> = {
  endpoints: {
    liveService: 'url',
    liveApp: 'url',
    chatRoom: 'url',
    chatGroup: 'url',
    invitation: 'url',
    common: 'url',
    marketMap: 'url',
    tracking: 'url',
  },
  chatRoomUrl: 'url',
  staticDomain: 'url',
  serviceDomain: 'url',
  activityUrl: 'url',
  miniProgram: { customerAppId: 'text', adviserAppId: 'text' },
  workChat: { corpId: 'text', agentId: 'text', authorizeHost: 'url' },
  webChat: { appId: 'text', authorizeHost: 'url' },
  analyticsUrl: 'url',
  secrets: { signing: 'text', marketMap: 'text', aesKey: 'text' },
};

/** Absolute http(s)/ws(s) address, or a same-origin path. */
const URL_PATTERN = /^(?:(?:https?|wss?):\/\/[^\s/]+[^\s]*|\/[^\s]*)$/;

export interface LoadRemoteOptions {
  /** Default: config/remote.json beside this file. */
  file?: string;
  /** Default: process.env. */
  env?: Record<string, string | undefined>;
  /** Environments that must be configured (e.g. ['production'] for a release build). */
  required?: readonly RemoteName[];
}

export class RemoteConfigError extends Error {
  override readonly name = 'RemoteConfigError';
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function defaultFile(): string {
  // __dirname exists when webpack loads its config as CommonJS; cwd is the fallback for ESM.
  const dir = typeof __dirname === 'string' ? __dirname : path.resolve(process.cwd(), 'config');
  return path.join(dir, 'remote.json');
}

function envVarName(name: RemoteName): string {
  return `REMOTE_ENV_${name.toUpperCase()}`;
}

function parseJson(text: string, source: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new RemoteConfigError(`${source} is not valid JSON: ${(error as Error).message}`);
  }
}

/** Objects merge key by key; anything else in `over` replaces `base`. */
function deepMerge(base: Json, over: Json): Json {
  const out: Json = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const prev = out[key];
    out[key] = isObject(prev) && isObject(value) ? deepMerge(prev, value) : value;
  }
  return out;
}

function checkShape(shape: Json, value: Json, prefix: string, problems: string[]): void {
  for (const [key, kind] of Object.entries(shape)) {
    const field = `${prefix}${key}`;
    const v = value[key];
    if (isObject(kind)) {
      if (v === undefined) problems.push(`missing field "${field}" (an object)`);
      else if (!isObject(v)) problems.push(`field "${field}" must be an object`);
      else checkShape(kind, v, `${field}.`, problems);
      continue;
    }
    const what =
      kind === 'url' ? 'an absolute URL (http, https, ws, wss) or a path starting with /' : 'a non-empty string';
    if (v === undefined || v === null || v === '') problems.push(`missing field "${field}" (${what})`);
    else if (typeof v !== 'string' || (kind === 'url' && !URL_PATTERN.test(v)))
      problems.push(`field "${field}" must be ${what}`);
  }
  for (const key of Object.keys(value)) {
    const known = key in shape || (prefix === '' && (key === 'name' || key === 'errorReportingDsn'));
    if (!known) problems.push(`unknown field "${prefix}${key}"`);
  }
}

/** Problems of one environment's values; an empty list means it is complete. */
export function validateRemoteEnvironment(name: RemoteName, value: unknown): string[] {
  if (!isObject(value)) return ['must be an object'];
  const problems: string[] = [];
  checkShape(SHAPE as unknown as Json, value, '', problems);
  if (value.name !== undefined && value.name !== name)
    problems.push(`field "name" is "${String(value.name)}", expected "${name}" or nothing`);
  const dsn = value.errorReportingDsn;
  // Production and T3 have an error-reporting address (docs/rules/constants.md#environments); the others' is ignored.
  if (ERROR_REPORTING_ENVS.includes(name) && (typeof dsn !== 'string' || !URL_PATTERN.test(dsn))) {
    problems.push(`missing field "errorReportingDsn" (an absolute URL; required for ${name})`);
  } else if (dsn !== undefined && dsn !== null && typeof dsn !== 'string') {
    problems.push('field "errorReportingDsn" must be a string or null');
  }
  return problems;
}

function readSources(
  file: string,
  env: Record<string, string | undefined>,
): Map<RemoteName, { value: Json; sources: string[] }> {
  const found = new Map<RemoteName, { value: Json; sources: string[] }>();
  const fileLabel = path.basename(path.dirname(file)) + '/' + path.basename(file);
  if (fs.existsSync(file)) {
    const parsed = parseJson(fs.readFileSync(file, 'utf8'), fileLabel);
    if (!isObject(parsed)) throw new RemoteConfigError(`${fileLabel} must be an object keyed by environment name`);
    for (const [key, value] of Object.entries(parsed)) {
      if (key.startsWith('$')) continue; // "$comment" and the like
      if (!(REMOTE_NAMES as readonly string[]).includes(key)) {
        throw new RemoteConfigError(
          `${fileLabel}: unknown environment "${key}" (expected one of ${REMOTE_NAMES.join(', ')})`,
        );
      }
      if (!isObject(value)) throw new RemoteConfigError(`${fileLabel}: environment "${key}" must be an object`);
      found.set(key as RemoteName, { value, sources: [fileLabel] });
    }
  }
  const known = new Set(REMOTE_NAMES.map(envVarName));
  for (const variable of Object.keys(env)) {
    if (variable.startsWith('REMOTE_ENV_') && !known.has(variable)) {
      throw new RemoteConfigError(`Unknown variable ${variable} (expected one of ${[...known].join(', ')})`);
    }
  }
  for (const name of REMOTE_NAMES) {
    const text = env[envVarName(name)];
    if (text === undefined || text.trim() === '') continue;
    const parsed = parseJson(text, envVarName(name));
    if (!isObject(parsed)) throw new RemoteConfigError(`${envVarName(name)} must be a JSON object`);
    const prev = found.get(name);
    found.set(name, {
      value: prev ? deepMerge(prev.value, parsed) : parsed,
      sources: [...(prev?.sources ?? []), envVarName(name)],
    });
  }
  return found;
}

/** Reads, merges and validates the remote environments' values; throws naming every bad field. */
export function loadRemoteEnvironments(options: LoadRemoteOptions = {}): RemoteValues {
  const found = readSources(options.file ?? defaultFile(), options.env ?? process.env);
  const problems: string[] = [];
  for (const name of options.required ?? []) {
    if (!found.has(name))
      problems.push(`${name}: not configured (set it in config/remote.json or ${envVarName(name)})`);
  }
  const out: RemoteValues = {};
  for (const [name, { value, sources }] of found) {
    const bad = validateRemoteEnvironment(name, value);
    if (bad.length > 0) {
      problems.push(...bad.map((p) => `${name} (from ${sources.join(' + ')}): ${p}`));
      continue;
    }
    out[name] = {
      ...(value as unknown as Environment),
      name,
      errorReportingDsn: (value.errorReportingDsn as string | undefined) ?? null,
    };
  }
  if (problems.length > 0) {
    throw new RemoteConfigError(`Remote environment values are invalid:\n  - ${problems.join('\n  - ')}`);
  }
  return out;
}
