import type { SendType } from './types';
import type { WireEvent } from './types';
import { debugUrlFor, encodeBatch, encodeSingle, withQuery } from './wire';

/** Beacons and keepalive fetches share a 64 KiB in-flight quota; one body stays under it. */
export const KEEPALIVE_BODY_MAX = 60_000;

/** The browser calls a transport needs; injected so tests see exactly what leaves. */
export interface Wire {
  image(url: string): Promise<void>;
  post(url: string, body: string): Promise<void>;
  beacon(url: string, body: string): boolean;
  get(url: string): Promise<void>;
}

export interface Transport {
  single(event: WireEvent, type: Exclude<SendType, 'batch'>): Promise<void>;
  batch(events: WireEvent[]): Promise<void>;
  /** The batch body handed to sendBeacon; false when the browser refused it (nothing left). */
  beaconBatch(events: WireEvent[]): boolean;
  debug(event: WireEvent): Promise<void>;
}

export function createTransport(serverUrl: string, wire: Wire): Transport {
  return {
    async single(event, type) {
      const body = encodeSingle(event);
      if (type === 'image') return wire.image(withQuery(serverUrl, body));
      if (type === 'beacon' && wire.beacon(serverUrl, body)) return;
      // No beacon (old web views) or it was refused: the form POST carries the same text.
      return wire.post(serverUrl, body);
    },
    batch: (events) => wire.post(serverUrl, encodeBatch(events)),
    beaconBatch: (events) => wire.beacon(serverUrl, encodeBatch(events)),
    debug: (event) => wire.get(withQuery(debugUrlFor(serverUrl), encodeSingle(event))),
  };
}

/** The real browser wire: Image, fetch form POST, sendBeacon. */
export function browserWire(): Wire {
  return {
    image: (url) =>
      new Promise((resolve, reject) => {
        const img = new Image();
        img.onload = () => resolve();
        img.onerror = () => reject(new Error(`analytics image failed: ${url.slice(0, 80)}`));
        img.src = url;
      }),
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
    get: async (url) => {
      const res = await fetch(url);
      if (!res.ok) throw new Error(`analytics debug GET answered ${res.status}`);
    },
  };
}
