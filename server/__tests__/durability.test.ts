/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { like } from 'drizzle-orm';

import { openDatabase } from '../db/client';
import { ownTrackingEvents } from '../db/schema';
import { ownTrackingFields } from '../test-support/own-tracking';
import { signedHeaders } from '../test-support/sign';
import { spawnServer } from '../test-support/spawn-server';

/**
 * `npm start` stopped by SIGTERM, or killed with kill -9, while clients are
 * writing: every write the server acknowledged (200 with the row's id) is in the data folder
 * afterwards. SIGTERM also lets the requests under way finish (exit 0); kill -9 may lose only
 * what was never acknowledged. The second start takes over the folder a killed server left locked.
 */
jest.setTimeout(300_000);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'durability-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const WRITERS = 6;

/** Clients writing own-tracking rows as fast as answers come, until the server is gone. */
function writeUntilGone(base: string, tag: string) {
  const acked: string[] = [];
  const refusals: string[] = [];
  let signalled = false;
  let sent = 0;
  let n = 0;
  const writer = async () => {
    for (;;) {
      const name = `${tag}-${(n += 1)}`;
      const body = {
        ...ownTrackingFields('durability', Math.floor(Date.now() / 1000)),
        event_name: name,
        event_data: { n },
      };
      try {
        sent += 1;
        const res = await fetch(`${base}/smart-live/smart-service/event.php`, {
          method: 'POST',
          headers: {
            ...signedHeaders({ scheme: 'basic', now: new Date() }),
            appid: 'live',
            'content-type': 'application/json',
          },
          body: JSON.stringify(body),
        });
        const json = (await res.json()) as { data?: { id?: number } };
        if (res.status === 200 && typeof json.data?.id === 'number') acked.push(name);
        // Before the signal every write must be taken; after it, a refusal (503 while closing) is allowed.
        else if (!signalled) refusals.push(`${res.status} ${JSON.stringify(json).slice(0, 200)}`);
      } catch {
        return; // refused or reset: the server is going or gone
      }
    }
  };
  const done = Promise.all(Array.from({ length: WRITERS }, writer));
  return { acked, refusals, sentCount: () => sent, done, signal: () => (signalled = true) };
}

async function storedNames(tag: string): Promise<Set<string>> {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  try {
    const rows = await database.db
      .select({ name: ownTrackingEvents.name })
      .from(ownTrackingEvents)
      .where(like(ownTrackingEvents.name, `${tag}-%`));
    return new Set(rows.map((r) => r.name));
  } finally {
    await database.close();
  }
}

for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
  test(`${signal} in the middle of writes loses no acknowledged row`, async () => {
    const server = spawnServer({ DATA_DIR: dataDir });
    const base = await server.listening;
    const writing = writeUntilGone(base, signal);
    // Writes well under way (dozens acknowledged), then the signal lands among requests in flight.
    for (const deadline = Date.now() + 30_000; writing.acked.length < 60 && Date.now() < deadline;)
      await new Promise((r) => setTimeout(r, 20));
    writing.signal();
    server.child.kill(signal);
    const code = await server.exited;
    await writing.done;
    expect({ acked: writing.acked.length >= 60, refusals: writing.refusals.slice(0, 3) }).toEqual({
      acked: true,
      refusals: [],
    });
    if (signal === 'SIGTERM') expect(code).toBe(0);
    const stored = await storedNames(signal);
    const lost = writing.acked.filter((name) => !stored.has(name));
    expect({ acknowledged: writing.acked.length, lost }).toEqual({ acknowledged: writing.acked.length, lost: [] });
    // Rows that were written but whose answer never arrived may exist; nothing else does.
    expect(stored.size).toBeLessThanOrEqual(writing.sentCount());
  });
}
