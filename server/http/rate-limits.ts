import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Redis } from 'ioredis';

import { ErrorCode } from '../../src/api/contract/codes';
import type { UsersRepository } from '../repositories/users';
import { tokenFrom } from '../security/token';
import { bodyLimitFor } from './body-limits';
import { ApiError } from './errors';

/**
 * Rate limits per IP and per user on the intake that costs something or can be guessed at
 *: sign-in, SMS codes, registration, store questions, action-log uploads,
 * analytics and error reports. Counted by @fastify/rate-limit's stores: in memory for one
 * process, in Redis (REDIS_URL) when several processes share the load.
 */
export interface Rate {
  max: number;
  windowMs: number;
}
export interface GroupRate {
  perIp: Rate;
  /** Counted for callers with a session (token, sid); guests are covered by perIp. */
  perUser?: Rate;
}

export const RATE_GROUPS = [
  'signIn',
  'smsCode',
  'register',
  'question',
  'actionLog',
  'analytics',
  'errorReport',
  'readBeacon',
  'sharePage',
  'heartbeat',
] as const;
export type RateGroup = (typeof RATE_GROUPS)[number];

const MINUTE = 60_000;
/** Sized for people, not scripts: a family behind one address still signs in and reports. */
export const DEFAULT_RATES: Record<RateGroup, GroupRate> = {
  signIn: { perIp: { max: 60, windowMs: MINUTE }, perUser: { max: 30, windowMs: MINUTE } },
  smsCode: { perIp: { max: 30, windowMs: MINUTE }, perUser: { max: 10, windowMs: MINUTE } },
  register: { perIp: { max: 20, windowMs: MINUTE }, perUser: { max: 5, windowMs: MINUTE } },
  question: { perIp: { max: 60, windowMs: MINUTE }, perUser: { max: 10, windowMs: MINUTE } },
  actionLog: { perIp: { max: 10, windowMs: MINUTE }, perUser: { max: 5, windowMs: MINUTE } },
  analytics: { perIp: { max: 600, windowMs: MINUTE }, perUser: { max: 300, windowMs: MINUTE } },
  errorReport: { perIp: { max: 120, windowMs: MINUTE } },
  /** Tracked-link read beacons: a reader sends one every ~10 s; a family behind one address reads several. */
  readBeacon: { perIp: { max: 120, windowMs: MINUTE } },
  /** Public pages opened by an unguessable code or token: a person opens a few, a script guessing codes many. */
  sharePage: { perIp: { max: 120, windowMs: MINUTE } },
  /**
   * Room heartbeats: a viewer beats every 20 s (3 a minute), so 10 a minute per session leaves room for
   * reconnects; per address, 120 a minute is 40 viewers behind one network, and caps how many made-up
   * guests one address can add to a room's online number.
   */
  heartbeat: { perIp: { max: 120, windowMs: MINUTE }, perUser: { max: 10, windowMs: MINUTE } },
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The rate group this route counts against (see RATE_GROUPS). */
    rate?: RateGroup;
  }
}

export interface LimitOptions {
  users: UsersRepository;
  now: () => Date;
  rates?: Partial<Record<RateGroup, GroupRate>>;
  /** Shared counters for several processes; memory when absent. */
  redis?: { client: Redis; prefix: string } | null;
}

const CALLER = Symbol('wealth-live.caller');
type WithCaller = FastifyRequest & { [CALLER]?: Promise<number | null> };

/**
 * The user behind the request's session, for counting only: request.user when a guard set it,
 * else a live token or sid looked up leniently (a stale one counts as a guest, it is not refused here).
 */
export function callerUserId(request: FastifyRequest, users: UsersRepository, now: () => Date): Promise<number | null> {
  const r = request as WithCaller;
  if (request.user) return Promise.resolve(request.user.id);
  r[CALLER] ??= (async () => {
    const raw = request.headers.accountid;
    const token = tokenFrom(request.headers) ?? (typeof raw === 'string' && raw.trim() ? raw.trim() : null);
    if (!token || token.length > 256) return null;
    const found = await users.findSession(token);
    if (!found || found.session.revokedAt || found.session.expiresAt.getTime() <= now().getTime()) return null;
    return found.user.id;
  })();
  return r[CALLER];
}

/** Who a per-day cap counts: the signed-in user, else the address (hashed: the key is stored). */
export async function callerKey(request: FastifyRequest, users: UsersRepository, now: () => Date): Promise<string> {
  const id = await callerUserId(request, users, now);
  return id !== null ? `user:${id}` : `ip:${createHash('sha256').update(request.ip).digest('hex').slice(0, 16)}`;
}

const tooMany = (reply: FastifyReply, seconds: number) => {
  reply.header('retry-after', String(Math.max(1, seconds)));
  return new ApiError(429, ErrorCode.rateLimited, `请求过于频繁，请${Math.max(1, seconds)}秒后再试`);
};

/**
 * Registers the rate-limit plugin (no global limit) and, for every route that names a rate
 * group in its config, a per-IP check on arrival (before the body is read) and a per-user
 * check once the guards have identified the caller. Also sizes each route's bodyLimit.
 */
export async function installLimits(app: FastifyInstance, opts: LimitOptions): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    ...(opts.redis ? { redis: opts.redis.client, nameSpace: `${opts.redis.prefix}rate:` } : {}),
  });
  const rates = { ...DEFAULT_RATES, ...opts.rates };
  // One counter per group and dimension, shared by the group's routes: switching endpoints does not reset it.
  const limiters = new Map<string, ReturnType<FastifyInstance['createRateLimit']>>();
  const limiter = (group: RateGroup, dim: 'ip' | 'user', rate: Rate) => {
    const id = `${group}:${dim}`;
    let found = limiters.get(id);
    if (!found) {
      found = app.createRateLimit({
        max: rate.max,
        timeWindow: rate.windowMs,
        keyGenerator: async (req) =>
          dim === 'ip' ? `${id}:${req.ip}` : `${id}:${(await callerUserId(req, opts.users, opts.now)) ?? 'guest'}`,
        allowList: (_req, key) => key.endsWith(':guest'),
      });
      limiters.set(id, found);
    }
    return found;
  };
  const check = async (request: FastifyRequest, reply: FastifyReply, limit: ReturnType<typeof limiter>) => {
    const result = await limit(request);
    if (!result.isAllowed && result.isExceeded) throw tooMany(reply, result.ttlInSeconds);
  };
  const append = <K extends 'onRequest' | 'preHandler'>(
    route: RouteOptions,
    hook: K,
    fn: NonNullable<RouteOptions[K]>,
  ) => {
    const existing = route[hook];
    route[hook] = (existing ? [...(Array.isArray(existing) ? existing : [existing]), fn] : [fn]) as RouteOptions[K];
  };

  app.addHook('onRoute', (route) => {
    if (route.bodyLimit === undefined)
      route.bodyLimit = bodyLimitFor((route.schema as { body?: never } | undefined)?.body);
    const group = route.config?.rate;
    if (!group) return;
    const rate = rates[group];
    const byIp = limiter(group, 'ip', rate.perIp);
    append(route, 'onRequest', async (request: FastifyRequest, reply: FastifyReply) => check(request, reply, byIp));
    if (rate.perUser) {
      const byUser = limiter(group, 'user', rate.perUser);
      append(route, 'preHandler', async (request: FastifyRequest, reply: FastifyReply) =>
        check(request, reply, byUser),
      );
    }
  });
}
