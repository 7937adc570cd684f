import { Buffer } from 'node:buffer';

import { checkName, checkProperties } from '../../src/api/contract/analytics-names';
import type { AnalyticsPayload } from '../../src/api/contract/tracking';
import { analyticsCrc } from '../../src/api/contract/tracking-wire';

/**
 * The collector's reading of the analytics wire format (Sensors Data web SDK, TOOLCHAIN.md),
 * free of Fastify so the SDK contract test can feed it what the real SDK sends.
 */
export class AnalyticsDecodeError extends Error {}

export interface DecodedEvent {
  project: string;
  event: string;
  distinctId: string;
  payload: Record<string, unknown>;
}

function decodeJson(base64: string, what: string): unknown {
  try {
    return JSON.parse(Buffer.from(base64, 'base64').toString('utf8'));
  } catch {
    throw new AnalyticsDecodeError(`${what}: not base64 of JSON`);
  }
}

/** `k=v&…` text of a form POST, a beacon or an image URL's query, as the payload fields. */
export function parseAnalyticsForm(text: string): AnalyticsPayload {
  const q = new URLSearchParams(
    text.includes('?') && /^https?:|^\//.test(text) ? text.slice(text.indexOf('?') + 1) : text,
  );
  const out: AnalyticsPayload = {};
  for (const key of ['data', 'ext', 'data_list', 'gzip', 'project'] as const) {
    const v = q.get(key);
    if (v !== null) out[key] = v;
  }
  return out;
}

/**
 * The names the firm's collector accepts: an event's name and its properties' by the shared rules, where `$` is
 * for the SDK's preset properties only (a custom `$my_prop` is refused). Null when the event is fine.
 */
function namesProblem(ev: Record<string, unknown>): string | null {
  const named = ev.type === 'track' || ev.type === 'track_signup';
  return (named ? checkName(ev.event, 'event') : null) ?? checkProperties(ev.properties ?? {});
}

/** One payload to events; a wrong crc means a mangled payload, refused, and so is a name the collector refuses. */
export function decodeAnalyticsPayload(p: AnalyticsPayload): DecodedEvent[] {
  let events: unknown[];
  if (p.data_list !== undefined) {
    const list = decodeJson(p.data_list, 'data_list');
    if (!Array.isArray(list)) throw new AnalyticsDecodeError('data_list: expected a JSON array');
    events = list;
  } else if (p.data !== undefined) {
    const crc = /crc=(-?\d+)/.exec(p.ext ?? '')?.[1];
    if (crc !== undefined && Number(crc) !== analyticsCrc(p.data))
      throw new AnalyticsDecodeError('ext: crc does not match data');
    events = [decodeJson(p.data, 'data')];
  } else {
    throw new AnalyticsDecodeError('data or data_list is required');
  }
  return events.map((e, i) => {
    if (!e || typeof e !== 'object' || Array.isArray(e))
      throw new AnalyticsDecodeError(`event ${i}: expected a JSON object`);
    const ev = e as Record<string, unknown>;
    if (typeof ev.type !== 'string' || ev.type === '') throw new AnalyticsDecodeError(`event ${i}: type is required`);
    if (typeof ev.distinct_id !== 'string' || ev.distinct_id === '')
      throw new AnalyticsDecodeError(`event ${i}: distinct_id is required`);
    const problem = namesProblem(ev);
    if (problem) throw new AnalyticsDecodeError(`event ${i}: ${problem}`);
    return {
      project: p.project ?? 'default',
      event: String(ev.event ?? ev.type),
      distinctId: ev.distinct_id,
      payload: ev,
    };
  });
}

/**
 * The SDK's identity of one event, the key a resent copy is dropped by: its distinct id, track id and time (the
 * pair the SDK's own batch store keys by, plus who it is about). Null when the event carries no track id.
 */
export function analyticsDedupKey(e: DecodedEvent): string | null {
  const { _track_id: trackId, time } = e.payload;
  if ((typeof trackId !== 'number' && typeof trackId !== 'string') || trackId === '') return null;
  return `${e.distinctId}:${String(trackId)}:${String(time ?? '')}`;
}
