/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { ErrorCode } from '../../src/api/contract/envelope';
import { analyticsCrc } from '../../src/api/contract/tracking';
import { analyticsEvents, errorReports } from '../db/schema';
import { createTestApp, postRaw, type TestApp } from '../test-support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const event = (name: string) => ({
  distinct_id: 'anon-1',
  event: name,
  type: 'track',
  properties: { $url: '/about/1' },
});
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v), 'utf8').toString('base64');
const stored = async () => (await t.database.db.select().from(analyticsEvents)).map((r) => [r.project, r.event]);

describe('analytics collector (/sa)', () => {
  test('image GET with a good crc is stored and answered with a gif', async () => {
    const data = b64(event('$pageview'));
    const res = await t.app.inject({
      url: '/sa/sa.gif',
      query: { project: 'default', data, ext: `crc=${analyticsCrc(data)}` },
    });
    expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'image/gif']);
    expect(await stored()).toContainEqual(['default', '$pageview']);
  });

  test('form POST, beacon text and batch are stored', async () => {
    const one = b64(event('common_share_click'));
    const form = `data=${encodeURIComponent(one)}&ext=${encodeURIComponent(`crc=${analyticsCrc(one)}`)}`;
    for (const type of ['application/x-www-form-urlencoded', 'text/plain']) {
      const res = await postRaw(t, '/sa?project=gongmu_prod', type, form);
      expect(res.json()).toEqual({ error: { code: 0, message: 'ok' }, data: { received: 1 } });
    }
    const batch = `data_list=${encodeURIComponent(b64([event('a_1'), event('a_2')]))}`;
    const res = await postRaw(t, '/sa', 'application/x-www-form-urlencoded', batch);
    expect(res.json().data).toEqual({ received: 2 });
    expect(await stored()).toEqual(
      expect.arrayContaining([
        ['gongmu_prod', 'common_share_click'],
        ['default', 'a_1'],
        ['default', 'a_2'],
      ]),
    );
  });

  test('a batch sent again after the page left mid-answer is stored once; other events and the debug echo are not merged', async () => {
    const tracked = (name: string, trackId: number, time: number) => ({ ...event(name), _track_id: trackId, time });
    const post = (list: unknown[], project = 'dedup') =>
      postRaw(
        t,
        `/sa?project=${project}`,
        'application/x-www-form-urlencoded',
        `data_list=${encodeURIComponent(b64(list))}`,
      );
    const view = tracked('$pageview', 123456789, 1795000000000);
    await post([view, tracked('$WebClick', 123456789, 1795000000001)]);
    // The page reloads and its stored batch goes again, with one new event behind it.
    const again = await post([view, tracked('$WebClick', 123456789, 1795000000001), tracked('$pageview', 987, 1)]);
    expect(again.json().data).toEqual({ received: 3 });
    // The same event twice in one body, and the same event under another project (another data set).
    await post([tracked('$pageview', 55, 5), tracked('$pageview', 55, 5)]);
    await post([view], 'dedup_other');
    // Debug mode echoes an event before sending it for real: both are kept, the echo marked.
    const data = b64(tracked('$pageview', 77, 7));
    await t.app.inject({ url: '/sa/debug', query: { project: 'dedup', data } });
    await post([tracked('$pageview', 77, 7)]);
    // Events without a track id (other senders) are never merged.
    await post([event('plain'), event('plain')]);

    const rows = (await t.database.db.select().from(analyticsEvents)).filter((r) => r.project.startsWith('dedup'));
    const seen = rows.map((r) => {
      const p = r.payload as { _track_id?: number; time?: number; $debug?: boolean };
      return `${r.project} ${r.event} ${p._track_id ?? '-'}:${p.time ?? '-'}${p.$debug ? ' debug' : ''}`;
    });
    expect(seen.sort()).toEqual(
      [
        'dedup $pageview 123456789:1795000000000',
        'dedup $WebClick 123456789:1795000000001',
        'dedup $pageview 987:1',
        'dedup $pageview 55:5',
        'dedup_other $pageview 123456789:1795000000000',
        'dedup $pageview 77:7 debug',
        'dedup $pageview 77:7',
        'dedup plain -:-',
        'dedup plain -:-',
      ].sort(),
    );
  });

  test('a wrong crc or a payload that is not JSON is a 400', async () => {
    const data = b64(event('x'));
    const bad = await t.app.inject({ url: '/sa/sa.gif', query: { data, ext: 'crc=1' } });
    expect([bad.statusCode, bad.json().error.code]).toEqual([400, ErrorCode.badRequest]);
    const junk = await t.app.inject({ url: '/sa/sa.gif', query: { data: 'bm90IGpzb24=' } });
    expect(junk.json().error.message).toMatch(/data: not base64 of JSON/);
  });

  test("the SDK's preset $ properties are accepted; a custom $ property or a bad event name is a 400", async () => {
    const send = (e: unknown) => {
      const data = b64(e);
      return t.app.inject({ url: '/sa/sa.gif', query: { project: 'names', data, ext: `crc=${analyticsCrc(data)}` } });
    };
    const tap = {
      ...event('$WebClick'),
      properties: { $element_type: 'a', $element_target_url: '/about/1', $page_x: 3 },
    };
    const stay = { ...event('$WebStay'), properties: { $viewport_position: 300, $url_path: '/' } };
    expect([(await send(tap)).statusCode, (await send(stay)).statusCode]).toEqual([200, 200]);
    const custom = await send({ ...event('live_card_click'), properties: { $my_prop: 'x' } });
    expect([custom.statusCode, custom.json().error.message]).toEqual([
      400,
      'event 0: custom property $my_prop must not start with $',
    ]);
    expect((await send(event('9_starts_with_a_digit'))).statusCode).toBe(400);
    expect((await stored()).filter(([project]) => project === 'names')).toEqual([
      ['names', '$WebClick'],
      ['names', '$WebStay'],
    ]);
  });
});

describe('deeplink parameters', () => {
  test('a key gives both platforms', async () => {
    const res = await t.app.inject({
      url: '/sdk/deeplink/param',
      query: { key: 'k1', system_type: 'JS', project: 'default' },
    });
    expect(res.json()).toMatchObject({
      app_key: 'k1',
      android_info: { url_schemes: expect.any(String) },
      ios_info: { ios_wake_url: expect.any(String) },
    });
  });

  test("each system's download address is its own store page, never the download page (it looped back to itself)", async () => {
    const res = await t.app.inject({
      url: '/sdk/deeplink/param',
      query: { key: 'mgm-invite', system_type: 'JS', project: 'default' },
    });
    const body = res.json() as {
      android_info: { download_url: string };
      ios_info: { download_url: string; ios_wake_url: string };
    };
    expect([body.android_info.download_url, body.ios_info.download_url]).toEqual([
      '/__local/app/android',
      '/__local/app/ios',
    ]);
    for (const url of [body.android_info.download_url, body.ios_info.download_url]) {
      expect(url.startsWith('/download')).toBe(false);
      const page = await t.app.inject({ url });
      expect([page.statusCode, page.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
    }
    expect(
      (
        await t.app.inject({
          url: (await t.app.inject({ url: body.ios_info.ios_wake_url })).headers.location as string,
        })
      ).body,
    ).toMatch(/App Store/);
  });

  test('no key: errorMsg', async () => {
    expect((await t.app.inject({ url: '/sdk/deeplink/param' })).json()).toEqual({ errorMsg: 'key is required' });
  });
});

describe('error reports', () => {
  test('an envelope is stored and acknowledged with its event id', async () => {
    const payload = [
      JSON.stringify({ event_id: 'abc123', dsn: 'http://local@x/error-report/1' }),
      '{"type":"event"}',
      '{"message":"boom"}',
    ].join('\n');
    const res = await postRaw(t, '/error-report/api/1/envelope/', 'application/x-sentry-envelope', payload);
    expect(res.json()).toEqual({ id: 'abc123' });
    const rows = await t.database.db.select().from(errorReports);
    expect(rows.map((r) => [r.projectId, r.payload])).toEqual([['1', payload]]);
  });

  test('a body without an envelope header is a 400', async () => {
    const res = await postRaw(t, '/error-report/api/1/envelope/', 'text/plain', 'nope');
    expect(res.statusCode).toBe(400);
  });
});

describe('generated media', () => {
  test('covers and avatars are SVG, cached for a day', async () => {
    for (const url of ['/static/covers/1.svg', '/static/avatars/p3.svg', '/static/avatars/u1.svg']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
      expect(res.body).toMatch(/^<svg/);
    }
    expect((await t.app.inject({ url: '/static/covers/../x.svg' })).statusCode).toBe(404);
  });

  test('a cover at each phone width in AVIF, WebP and JPEG; other widths and formats are refused', async () => {
    const { default: sharp } = await import('sharp');
    for (const [format, type, decoded] of [
      ['avif', 'image/avif', 'heif'],
      ['webp', 'image/webp', 'webp'],
      ['jpg', 'image/jpeg', 'jpeg'],
    ] as const) {
      for (const width of [160, 384]) {
        const res = await t.app.inject({ url: `/static/covers/7.${format}?w=${width}` });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe(type);
        const meta = await sharp(res.rawPayload).metadata();
        expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
          format: decoded,
          width,
          height: Math.round((width * 360) / 640),
        });
      }
    }
    // The sized files are far smaller than the drawing a phone would otherwise rasterise at full size.
    const small = await t.app.inject({ url: '/static/covers/7.webp?w=256' });
    expect(small.rawPayload.length).toBeLessThan(8_000);
    expect((await t.app.inject({ url: '/static/covers/7.webp?w=1000' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/static/covers/7.png?w=256' })).statusCode).toBe(400);
  });
});
