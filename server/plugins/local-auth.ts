import { type Static, Type } from '@sinclair/typebox';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';

import { localEnvironment } from '../../config/environments';
import type { TypeBoxProvider } from '../http/typebox';
import type { AuthCodeKind } from '../repositories/auth';
import type { UserRow } from '../repositories/users';
import type { ServiceOptions } from './deps';

/**
 * Local stand-ins for the WeCom and WeChat authorization pages: pick a seeded
 * user, come back to redirect_uri with a fresh single-use code and the state, as the
 * real `/connect/oauth2/authorize` does. Also the page showing the SMS codes not sent.
 */
const AuthorizeQuery = Type.Object({
  appid: Type.String({ maxLength: 64 }),
  redirect_uri: Type.String({ minLength: 1, maxLength: 4096 }),
  response_type: Type.Optional(Type.Literal('code')),
  scope: Type.Optional(Type.String({ maxLength: 64 })),
  state: Type.Optional(Type.String({ maxLength: 256 })),
  agentid: Type.Optional(Type.String({ maxLength: 32 })),
});
type AuthorizeQuery = Static<typeof AuthorizeQuery>;
const PickQuery = Type.Intersect([AuthorizeQuery, Type.Object({ user: Type.String({ minLength: 1, maxLength: 64 }) })]);
const Html = { 200: Type.String(), '4xx': Type.String() };

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f5f5f5;color:#222}header{background:#07c160;color:#fff;padding:16px}h1{font-size:18px;margin:0}p{margin:12px 16px;color:#666;font-size:14px}
ul{list-style:none;margin:0;padding:0;background:#fff}li a{display:block;padding:14px 16px;border-bottom:1px solid #eee;color:#222;text-decoration:none}small{color:#888;margin-left:8px}.err{color:#c00}</style></head><body>${body}</body></html>`;
}

/** Only addresses of this same site: the stand-in must not become an open redirect. */
function sameSite(request: FastifyRequest, target: string): URL | null {
  try {
    const base = `${request.protocol}://${request.headers.host ?? 'localhost'}`;
    const url = new URL(target, base);
    return url.origin === new URL(base).origin ? url : null;
  } catch {
    return null;
  }
}

interface Flavour {
  kind: AuthCodeKind;
  name: string;
  appId: string;
  role: 'adviser' | 'customer';
  check(q: AuthorizeQuery): string | null;
}

const flavours: Record<'wecom' | 'wechat', Flavour> = {
  wecom: {
    kind: 'wecom',
    name: '企业微信授权（本地）',
    appId: localEnvironment.workChat.corpId,
    role: 'adviser',
    check: (q) =>
      q.agentid !== undefined && q.agentid !== localEnvironment.workChat.agentId ? `agentid ${q.agentid} 不存在` : null,
  },
  wechat: {
    kind: 'wechat',
    name: '微信授权（本地）',
    appId: localEnvironment.webChat.appId,
    role: 'customer',
    check: () => null,
  },
};

function invalid(reply: FastifyReply, message: string) {
  return reply
    .code(400)
    .type('text/html; charset=utf-8')
    .send(page('授权失败', `<header><h1>授权失败</h1></header><p class="err">${escape(message)}</p>`));
}

function describeUser(u: UserRow): string {
  return `${escape(u.realName)}<small>${escape(u.uuid)} · ${escape(u.employeeId)}${u.title ? ` · ${escape(u.title)}` : ''}</small>`;
}

export const localAuthPlugin: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();

  for (const [slug, flavour] of Object.entries(flavours)) {
    const checkQuery = (request: FastifyRequest, q: AuthorizeQuery): { error: string } | { back: URL } => {
      if (q.appid !== flavour.appId) return { error: `appid ${q.appid} 无效` };
      const problem = flavour.check(q);
      if (problem) return { error: problem };
      const back = sameSite(request, q.redirect_uri);
      return back ? { back } : { error: 'redirect_uri 不是本站地址' };
    };

    app.get(
      `/${slug}/connect/oauth2/authorize`,
      { schema: { querystring: AuthorizeQuery, response: Html } },
      async (request, reply) => {
        const q = request.query;
        const checked = checkQuery(request, q);
        if ('error' in checked) return invalid(reply, checked.error);
        const list = await deps.repos.auth.listUsers(flavour.role);
        const items = list
          .map((u) => {
            const params = new URLSearchParams({ ...stringEntries(q), user: u.uuid });
            return `<li><a data-user="${escape(u.uuid)}" href="pick?${escape(params.toString())}">${describeUser(u)}</a></li>`;
          })
          .join('');
        const who = flavour.role === 'adviser' ? '选择要登录的理财师' : '选择要登录的微信用户';
        return reply
          .type('text/html; charset=utf-8')
          .send(
            page(
              flavour.name,
              `<header><h1>${flavour.name}</h1></header><p>${who}，授权后返回原页面。</p><ul>${items}</ul>`,
            ),
          );
      },
    );

    app.get(
      `/${slug}/connect/oauth2/pick`,
      { schema: { querystring: PickQuery, response: Html } },
      async (request, reply) => {
        const q = request.query;
        const checked = checkQuery(request, q);
        if ('error' in checked) return invalid(reply, checked.error);
        const user = await deps.repos.users.findByUuid(q.user);
        if (!user || user.role !== flavour.role) return invalid(reply, `用户 ${q.user} 不能在这里授权`);
        const code = await deps.repos.auth.issueCode(flavour.kind, flavour.appId, user.id, deps.now());
        const back = checked.back;
        back.searchParams.set('code', code);
        back.searchParams.set('state', q.state ?? '');
        return reply.redirect(back.pathname + back.search + back.hash, 302);
      },
    );
  }

  app.get('/sms', { schema: { response: Html } }, async (_request, reply) => {
    const rows = await deps.repos.auth.recentSmsCodes(20);
    const items = rows
      .map(
        (r) =>
          `<li><a><span data-phone="${escape(r.phone)}">${escape(r.phone)}</span> <b data-code="${escape(r.code)}">${escape(r.code)}</b><small>${r.createdAt.toISOString()}${r.usedAt ? ' · 已使用' : ''}</small></a></li>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        page(
          '短信验证码（本地）',
          `<header><h1>短信验证码（本地，不发送）</h1></header><ul>${items || '<li><a>暂无</a></li>'}</ul>`,
        ),
      );
  });
};

function stringEntries(q: AuthorizeQuery): Record<string, string> {
  return Object.fromEntries(Object.entries(q).filter((e): e is [string, string] => typeof e[1] === 'string'));
}
