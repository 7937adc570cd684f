import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';

import type { TypeBoxProvider } from '../http/typebox';
import type { ServiceOptions } from './deps';

/**
 * Where the local deeplink answer sends each system (the analytics vendor's console holds the real
 * addresses: an APK or a market page for Android, the app's App Store page for iOS). Each is a page
 * of this server, so a download can be followed on one machine without leaving it.
 */
export const LOCAL_APP_DOWNLOAD = {
  prefix: '/__local/app',
  android: '/__local/app/android',
  ios: '/__local/app/ios',
  /** A universal link that finds no app opens its web page: the vendor's sends on to the App Store. */
  iosWake: '/__local/app/ios-wake',
} as const;

const page = (title: string, text: string) => `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body style="font-family: sans-serif; padding: 24px; line-height: 1.6"><h1 style="font-size: 20px">${title}</h1><p>${text}</p></body></html>`;

/** The stand-in download pages (local only, like the other /__local pages). */
export const localAppDownloadPlugin: FastifyPluginAsync<ServiceOptions> = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const html = { response: { 200: Type.String() } };
  app.get('/android', { schema: html }, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .send(page('财富 App 安卓安装包（本地替身）', '正式环境此处为安卓安装包或应用市场的下载地址。')),
  );
  app.get('/ios', { schema: html }, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .send(page('App Store · 财富 App（本地替身）', '正式环境此处为财富 App 在 App Store 的页面。')),
  );
  app.get('/ios-wake', async (_request, reply) => reply.redirect(LOCAL_APP_DOWNLOAD.ios, 302));
};
