import type { WireEvent } from './types';
import { encodeBatch } from './wire';

/** Beacons and keepalive fetches share a 64 KiB in-flight quota; one body stays under it. */
export const KEEPALIVE_BODY_MAX = 60_000;

/** The browser calls the local batch needs; injected so tests see exactly what leaves. */
export interface Wire {
  post(url: string, body: string): Promise<void>;
  beacon(url: string, body: string): boolean;
}

export interface BatchTransport {
  batch(events: WireEvent[]): Promise<void>;
  /** The batch body handed to sendBeacon; false when the browser refused it (nothing left). */
  beaconBatch(events: WireEvent[]): boolean;
}

export function createBatchTransport(serverUrl: string, wire: Wire): BatchTransport {
  return {
    batch: (events) => wire.post(serverUrl, encodeBatch(events)),
    beaconBatch: (events) => wire.beacon(serverUrl, encodeBatch(events)),
  };
}

/** The real browser wire: a fetch form POST (keepalive when it fits) and sendBeacon. */
export function browserWire(): Wire {
  return {
    post: async (url, body) => {
      const res = await fetch(url, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        keepalive: body.length <= KEEPALIVE_BODY_MAX,
      });
      if (!res.ok) throw new Error(`analytics POST answered ${res.status}`);
    },
    beacon: (url, body) => typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body),
  };
}
