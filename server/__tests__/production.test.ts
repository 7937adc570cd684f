/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { buildApp } from '../app';
import type { Database } from '../db/client';
import { DEFAULT_HOST } from '../start';
import { openTestDatabase } from '../test-support/database';

import '../test-support/app';

/** Production mode mounts no stand-ins and refuses the local secrets; local stand-ins answer loopback only. */
let database: Database;
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'prod-dist-'));
fs.writeFileSync(path.join(distDir, 'main.js'), 'console.log(1)');
fs.writeFileSync(path.join(distDir, 'main.js.map'), '{"version":3}');
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

const STAND_INS = ['/__local-auth/sms', '/__local/events', '/__action-logs/'];

test('HOST defaults to loopback', () => {
  expect(DEFAULT_HOST).toBe('127.0.0.1');
});

test('production refuses to start with the local signing secrets', async () => {
  await expect(buildApp({ database, distDir, production: true })).rejects.toThrow(/SIGNING_SECRET/);
});

test('production refuses to start without ACTION_LOG_SECRET, or with a short one', async () => {
  const secrets = { signing: 'prod-signing-secret', marketMap: 'prod-map-secret' };
  await expect(buildApp({ database, distDir, production: true, secrets })).rejects.toThrow(/ACTION_LOG_SECRET/);
  await expect(buildApp({ database, distDir, production: true, secrets, actionLogSecret: 'short' })).rejects.toThrow(
    /at least 16/,
  );
});

test('under TRUST_PROXY a client cannot claim to be this machine: stand-in pages check the socket, not X-Forwarded-For', async () => {
  const app = await buildApp({ database, distDir, production: false, trustProxy: true });
  try {
    for (const url of STAND_INS) {
      const from = (remoteAddress: string, forwardedFor: string) =>
        app.inject({ method: 'GET', url, remoteAddress, headers: { 'x-forwarded-for': forwardedFor } });
      const res = await from('203.0.113.7', '127.0.0.1');
      expect([url, res.statusCode]).toEqual([url, 403]);
      // A balancer on this host connects from loopback for anyone: a forwarded request is not local either.
      const viaProxy = await from('127.0.0.1', '203.0.113.7');
      expect([url, viaProxy.statusCode]).toEqual([url, 403]);
    }
  } finally {
    await app.close();
  }
});

test('production mounts no stand-in page and serves no source map', async () => {
  const app = await buildApp({
    database,
    distDir,
    production: true,
    secrets: { signing: 'prod-signing-secret', marketMap: 'prod-map-secret' },
    actionLogSecret: 'prod-action-log-secret',
  });
  try {
    for (const url of STAND_INS) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
      expect([url, res.statusCode]).toEqual([url, 404]);
    }
    expect((await app.inject({ method: 'GET', url: '/main.js' })).statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: '/main.js.map', headers: { accept: 'application/json' } })).statusCode,
    ).toBe(404);
  } finally {
    await app.close();
  }
});

test('locally, stand-in pages answer loopback clients only, unless opened; the action-log page never opens', async () => {
  const app = await buildApp({ database, distDir, production: false });
  const opened = await buildApp({ database, distDir, production: false, openLocalPages: true });
  try {
    for (const url of STAND_INS) {
      expect([url, (await app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' })).statusCode]).toEqual([
        url,
        200,
      ]);
      expect([url, (await app.inject({ method: 'GET', url, remoteAddress: '192.168.1.20' })).statusCode]).toEqual([
        url,
        403,
      ]);
      // Customers' recorded screens stay on this machine, whatever LOCAL_PAGES_OPEN opens for a phone on the LAN.
      expect([url, (await opened.inject({ method: 'GET', url, remoteAddress: '192.168.1.20' })).statusCode]).toEqual([
        url,
        url === '/__action-logs/' ? 403 : 200,
      ]);
    }
    expect((await app.inject({ method: 'GET', url: '/main.js.map' })).statusCode).toBe(200);
  } finally {
    await app.close();
    await opened.close();
  }
});
