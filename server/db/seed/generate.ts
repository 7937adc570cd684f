import { HOME_CATEGORY_ID } from '../../../src/api/contract/lives';
import { maskPhone } from '../../../src/api/contract/mask';
import type * as schema from '../schema';
import { ADVISERS, CUSTOMER_NAMES, GIVEN, PRESENTERS, STAFF, SURNAMES, TOPICS } from './data';
import { generateLiveRoomSeed, type LiveRoomSeedRows } from './live-room';
import { createPrng, type Prng } from './prng';

export type SeedScale = 'small' | 'large';
export const SEED_SCALES: readonly SeedScale[] = ['small', 'large'];

/** Every row the seed writes, computed first so determinism is testable without a database. */
export interface SeedRows extends LiveRoomSeedRows {
  users: (typeof schema.users.$inferInsert)[];
  presenters: (typeof schema.presenters.$inferInsert)[];
  lives: (typeof schema.lives.$inferInsert)[];
  livePresenters: (typeof schema.livePresenters.$inferInsert)[];
  subscriptions: (typeof schema.subscriptions.$inferInsert)[];
  roomPresence: (typeof schema.roomPresence.$inferInsert)[];
  playbacks: (typeof schema.playbacks.$inferInsert)[];
}

interface ScaleParams {
  extraPresenters: number;
  liveNow: number;
  upcoming: number;
  ended: number;
  /** Spread of ended lives into the past; part of it lies beyond the 180-day cut of the list. */
  endedSpanDays: number;
  otherCategory: number;
  visitors: number;
  subscribers: [number, number];
  playbacks: [number, number];
  viewers: [number, number];
}

const SCALES: Record<SeedScale, ScaleParams> = {
  small: {
    extraPresenters: 0,
    liveNow: 4,
    upcoming: 12,
    ended: 24,
    endedSpanDays: 240,
    otherCategory: 4,
    visitors: 400,
    subscribers: [5, 60],
    playbacks: [10, 120],
    viewers: [8, 40],
  },
  large: {
    extraPresenters: 188,
    liveNow: 20,
    upcoming: 400,
    ended: 29_580,
    endedSpanDays: 1100,
    otherCategory: 2_000,
    visitors: 20_000,
    subscribers: [0, 8],
    playbacks: [0, 8],
    viewers: [50, 300],
  },
};

export const SEED_PRNG_SEED = 0x5eed_2024;
const MIN = 60_000;
const DAY = 24 * 60 * MIN;

/** The seed's base instant: the given time rounded down to the minute. */
export function seedBaseTime(at: Date): Date {
  return new Date(Math.floor(at.getTime() / MIN) * MIN);
}

export function generateSeed(scale: SeedScale, base: Date): SeedRows {
  const p = SCALES[scale];
  const rng = createPrng(SEED_PRNG_SEED);
  const t0 = seedBaseTime(base).getTime();
  const rows: SeedRows = {
    users: makeUsers(base),
    presenters: [],
    lives: [],
    livePresenters: [],
    subscriptions: [],
    roomPresence: [],
    playbacks: [],
    liveMinutes: [],
    liveProducts: [],
    liveMessages: [],
    liveInteractRules: [],
  };

  PRESENTERS.forEach((pr, i) => rows.presenters.push({ id: i + 1, ...pr, avatar: `/static/avatars/p${i + 1}.svg` }));
  for (let i = 0; i < p.extraPresenters; i++) {
    const id = PRESENTERS.length + i + 1;
    const base = PRESENTERS[i % PRESENTERS.length]!;
    rows.presenters.push({
      id,
      name: chineseName(rng),
      title: base.title,
      bio: base.bio,
      avatar: `/static/avatars/p${id}.svg`,
    });
  }

  // Times: live now started in the past and ends a couple of hours ahead; upcoming start soon.
  const spans: Array<{ start: number; end: number; category: number }> = [];
  for (let i = 0; i < p.liveNow; i++) {
    spans.push({ start: t0 - (10 + 25 * i) * MIN, end: t0 + (90 + 20 * (i % 4)) * MIN, category: HOME_CATEGORY_ID });
  }
  for (let i = 0; i < p.upcoming; i++) {
    const start = atLiveHour(roundTo10(t0 + (i + 1) * 11 * 60 * MIN + rng.int(0, 5) * 10 * MIN), i);
    spans.push({ start, end: start + rng.int(6, 15) * 10 * MIN, category: HOME_CATEGORY_ID });
  }
  for (let i = 0; i < p.ended; i++) {
    const end = roundTo10(t0 - DAY * (1 + (i * p.endedSpanDays) / p.ended) - rng.int(0, 20) * 10 * MIN);
    const length = rng.int(6, 15) * 10 * MIN;
    // Moved back, never forward: an ended live stays ended.
    const start = atLiveHour(end - length, i, 'back');
    spans.push({ start, end: start + length, category: HOME_CATEGORY_ID });
  }
  for (let i = 0; i < p.otherCategory; i++) {
    // Meetings of the coming and the past few weeks: the adviser's 存续期 list shows them beside the lives.
    const start = atLiveHour(roundTo10(t0 + rng.int(-20, 20) * DAY), i);
    spans.push({ start, end: start + 90 * MIN, category: HOME_CATEGORY_ID + 1 });
  }

  const visitorIds = Array.from({ length: p.visitors }, (_, i) => `V${String(i + 1).padStart(6, '0')}`);
  const userIds = rows.users.map((u) => u.employeeId);
  spans.forEach((s, i) => {
    const id = i + 1;
    const roomId = `room-${String(id).padStart(6, '0')}`;
    rows.lives.push({
      id,
      categoryId: s.category,
      roomId,
      title: `${rng.pick(TOPICS)}${i >= TOPICS.length ? ` 第${Math.floor(i / TOPICS.length) + 1}期` : ''}`,
      cover: `/static/covers/${id}.svg`,
      description: '本场直播仅作投资者教育之用，不构成任何投资建议。',
      startTime: new Date(s.start),
      endTime: new Date(s.end),
    });
    const kolCount = rng.int(1, 3);
    distinctInts(rng, kolCount, rows.presenters.length).forEach((pi, position) =>
      rows.livePresenters.push({ liveId: id, presenterId: pi + 1, position }),
    );
    const subscribers = new Set(distinctInts(rng, rng.int(...p.subscribers), visitorIds.length + userIds.length));
    // The demo users see both tags: adviser u1 and customer u4 follow some lives that have not ended.
    if (s.end > t0 && s.category === HOME_CATEGORY_ID && i % 3 === 0) subscribers.add(0);
    if (s.end > t0 && s.category === HOME_CATEGORY_ID && i % 4 === 1) subscribers.add(ADVISERS.length);
    for (const k of subscribers) {
      const employeeId = k < userIds.length ? userIds[k]! : visitorIds[k - userIds.length]!;
      rows.subscriptions.push({
        liveId: id,
        employeeId,
        realName: '',
        createdAt: new Date(Math.min(s.start, t0) - rng.int(1, 72) * 60 * MIN),
      });
    }
    const isLive = s.start <= t0 && s.end > t0;
    const isEnded = s.end <= t0;
    if (isLive) {
      for (const k of distinctInts(rng, rng.int(...p.viewers), visitorIds.length)) {
        rows.roomPresence.push({ roomId, viewerId: visitorIds[k]!, lastSeenAt: new Date(t0 - rng.int(0, 40) * 1000) });
      }
      // Viewers who left: their rows stay but fall outside the 60-second online window.
      for (let v = 0; v < 3; v++) {
        rows.roomPresence.push({
          roomId,
          viewerId: `left-${id}-${v}`,
          lastSeenAt: new Date(t0 - rng.int(2, 30) * MIN),
        });
      }
    }
    if (isEnded) {
      for (let k = rng.int(...p.playbacks); k > 0; k--) {
        rows.playbacks.push({
          liveId: id,
          viewerId: rng.pick(visitorIds),
          watchedAt: new Date(s.end + rng.int(1, Math.max(1, Math.floor((t0 - s.end) / MIN))) * MIN),
        });
      }
    }
  });
  // The live room's rows come from their own PRNG, after everything above.
  const names = new Map(rows.presenters.map((pr) => [pr.id, pr.name]));
  const hosts = new Map(
    rows.livePresenters.filter((lp) => lp.position === 0).map((lp) => [lp.liveId, names.get(lp.presenterId)]),
  );
  Object.assign(
    rows,
    generateLiveRoomSeed(
      rows.lives as Parameters<typeof generateLiveRoomSeed>[0],
      (liveId) => hosts.get(liveId) ?? '主讲嘉宾',
      LIVE_ROOM_SEED_LIMIT,
    ),
  );
  return rows;
}

/** Lives that get minutes, products, messages and rules: every small-scale live, the first of the large. */
const LIVE_ROOM_SEED_LIMIT = 500;

function makeUsers(base: Date): SeedRows['users'] {
  const createdAt = new Date(seedBaseTime(base).getTime() - 365 * DAY);
  const advisers = ADVISERS.map((a, i) => ({
    uuid: `u${i + 1}`,
    employeeId: `E${String(i + 1).padStart(4, '0')}`,
    realName: a.name,
    avatar: `/static/avatars/u${i + 1}.svg`,
    role: 'adviser' as const,
    isFinancialAdvisor: a.isFinancialAdvisor,
    staffRoles: a.staffRoles,
    title: a.title,
    department: a.department,
    phone: maskPhone(`1380000${String(i + 1).padStart(4, '0')}`),
    groupNo: null,
    unionId: null,
    createdAt,
  }));
  const customers = CUSTOMER_NAMES.map((name, j) => {
    const n = ADVISERS.length + j + 1;
    return {
      uuid: `u${n}`,
      employeeId: `C${String(n).padStart(4, '0')}`,
      realName: name,
      avatar: `/static/avatars/u${n}.svg`,
      role: 'customer' as const,
      isFinancialAdvisor: false,
      title: null,
      department: null,
      phone: maskPhone(`1390000${String(n).padStart(4, '0')}`),
      groupNo: `G${String((j % 3) + 1).padStart(2, '0')}`,
      unionId: `union-${n}`,
      createdAt,
    };
  });
  const staff = STAFF.map((a, k) => {
    const n = ADVISERS.length + CUSTOMER_NAMES.length + k + 1;
    return {
      uuid: `u${n}`,
      employeeId: `E${String(ADVISERS.length + k + 1).padStart(4, '0')}`,
      realName: a.name,
      avatar: `/static/avatars/u${n}.svg`,
      role: 'adviser' as const,
      isFinancialAdvisor: false,
      staffRoles: a.staffRoles,
      title: a.title,
      department: a.department,
      phone: maskPhone(`1380000${String(n).padStart(4, '0')}`),
      groupNo: null,
      unionId: null,
      createdAt,
    };
  });
  return [...advisers, ...customers, ...staff].map((u, i) => ({ id: i + 1, ...u }));
}

function chineseName(rng: Prng): string {
  return rng.pick([...SURNAMES]) + rng.pick([...GIVEN]) + (rng.next() < 0.6 ? rng.pick([...GIVEN]) : '');
}

/** k distinct integers in [0, n), by rejection: cheap while k is much smaller than n. */
function distinctInts(rng: Prng, k: number, n: number): number[] {
  const out = new Set<number>();
  const want = Math.min(k, n);
  while (out.size < want) out.add(Math.floor(rng.next() * n));
  return [...out];
}

/** When the firm's lives start, business time (UTC+8): mornings, afternoons and the evening slot, never at night. */
const LIVE_SLOTS_MIN = [10 * 60, 14 * 60, 15 * 60 + 30, 19 * 60 + 30, 20 * 60];
const BUSINESS_OFFSET = 8 * 60 * MIN;

/**
 * A start at a plausible hour: one already between 09:00 and 20:50 business time stays; one at night moves forward
 * to a slot of the next morning or evening (by position, not by a draw, so the seed's draws stay as they were).
 */
function atLiveHour(ms: number, i: number, direction: 'forward' | 'back' = 'forward'): number {
  const local = ms + BUSINESS_OFFSET;
  const dayStart = Math.floor(local / DAY) * DAY;
  const minute = (local - dayStart) / MIN;
  if (minute >= 9 * 60 && minute <= 20 * 60 + 50) return ms;
  const slot = LIVE_SLOTS_MIN[i % LIVE_SLOTS_MIN.length]! * MIN;
  // Forward: before 09:00 that morning's slot, late evening the next day's. Back: the day before's, or that day's.
  const early = minute < 9 * 60;
  const day = direction === 'forward' ? (early ? dayStart : dayStart + DAY) : early ? dayStart - DAY : dayStart;
  return day + slot - BUSINESS_OFFSET;
}

function roundTo10(ms: number): number {
  return Math.round(ms / (10 * MIN)) * 10 * MIN;
}
