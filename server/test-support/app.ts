import type { FastifyInstance } from 'fastify';

import { type AppOptions, buildApp } from '../app';
import type { Database } from '../db/client';
import { openTestDatabase, TEST_BASE_TIME } from './database';

// app.inject() loads light-my-request, which requires cookie 2 (ES module only): hand it the
// copy the test environment loaded outside the sandbox (see jest-environment.ts).
jest.mock('cookie', () => (globalThis as unknown as Record<symbol, unknown>)[Symbol.for('wealth-live.hosted-cookie')]);

/** A clock tests move by hand; the app reads it on every request. */
export class TestClock {
  private ms: number;
  constructor(start: Date = TEST_BASE_TIME) {
    this.ms = start.getTime();
  }
  readonly now = (): Date => new Date(this.ms);
  set(at: Date): void {
    this.ms = at.getTime();
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: TestClock;
  close(): Promise<void>;
}

/** The whole backend on a private copy of the seeded database, with a hand-moved clock. */
export async function createTestApp(
  opts: { distDir?: string; clock?: TestClock; open?: () => Promise<Database>; app?: Partial<AppOptions> } = {},
): Promise<TestApp> {
  const database = await (opts.open ?? openTestDatabase)();
  const clock = opts.clock ?? new TestClock();
  const app = await buildApp({ ...opts.app, database, now: clock.now, distDir: opts.distDir ?? '/nonexistent/dist' });
  return {
    app,
    database,
    clock,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** A POST of a raw body with its content type, unsigned: what a browser's beacon or a crash reporter sends. */
export const postRaw = (t: TestApp, url: string, contentType: string, payload: string) =>
  t.app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload });
