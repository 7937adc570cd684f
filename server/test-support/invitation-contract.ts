import { eq, sql } from 'drizzle-orm';

import {
  InvitationErrorCode as E,
  LEARNING_TASK_SECONDS,
  MGM_SMS_PREFIX,
  REWARD_KINDS,
} from '../../src/api/contract/invitation-constants';
import type { Database } from '../db/client';
import { smsCodes } from '../db/schema';
import { createTestApp, type TestApp } from './app';
import { freshAddress, mgmClient } from './invitation';
import { sessionTokenFor } from './session';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

/**
 * The invitation program's rules on one database driver, through the real routes:
 * first-touch attribution, each fraud rule, the SMS limits (under concurrent sends too) and the
 * reward states. Run on PGlite and on PostgreSQL, where concurrent transactions really overlap.
 */
export function invitationContract(open: () => Promise<Database>, phonePrefix: string): void {
  let t: TestApp;
  let c: ReturnType<typeof mgmClient>;
  beforeAll(async () => {
    t = await createTestApp({ open });
    c = mgmClient(t.app, t.database, t.clock.now);
    // A fresh PostgreSQL database is migrated and seeded here: minutes on a busy machine.
  }, 600_000);
  afterAll(() => t?.close());

  let phoneSeq = 0;
  /** A fresh mainland number per call (each driver's suite has its own prefix). */
  const phone = () => `${phonePrefix}${String(10000 + (phoneSeq += 1)).slice(-5)}`;
  const userToken = (uuid: string) => sessionTokenFor(t.database, uuid, t.clock.now());
  const mgmTokenOf = async (uuid: string, deviceId?: string) =>
    (
      await c.call<{ mgmtoken: string }>('/invite/join', deviceId ? { deviceId } : {}, {
        token: await userToken(uuid),
      })
    ).data!.mgmtoken;
  let inviterSeq = 5;
  /** A fresh inviter: the next seeded customer, joined by the 加入 call. */
  const newInviter = async () => {
    inviterSeq += 1;
    return (
      await c.call<{ mgmtoken: string; shareCode: string }>(
        '/invite/join',
        {},
        { token: await userToken(`u${inviterSeq}`) },
      )
    ).data!;
  };
  const friends = async (mgmtoken: string) =>
    (
      await c.call<{
        list: Array<{ state: string; phone: string | null; flags: string[]; voidReason: string | null }>;
      }>('/invite/friendList', {}, { mgmtoken })
    ).data!.list;
  const gifts = async (mgmtoken: string) =>
    (
      await c.call<{
        list: Array<{ kind: string; state: string; voidReason: string | null; friendPhone: string | null }>;
        grantedPoints: number;
        pendingPoints: number;
      }>('/invite/giftList', {}, { mgmtoken })
    ).data!;
  const masked = (p: string) => `${p.slice(0, 3)}****${p.slice(-4)}`;

  describe('attribution: first touch over 30 days', () => {
    test('a later link does not steal the visitor, before or after registering', async () => {
      const a = await newInviter();
      const b = await newInviter();
      expect((await c.open(a.shareCode, `${phonePrefix}-visitor-1`)).data).toMatchObject({
        alreadyInvited: false,
        inviterName: expect.stringMatching(/\*/),
      });
      t.clock.advance(10 * DAY);
      expect((await c.open(b.shareCode, `${phonePrefix}-visitor-1`)).data!.alreadyInvited).toBe(true);
      const p = phone();
      expect((await c.register(p, { shareCode: b.shareCode, deviceId: `${phonePrefix}-visitor-1` })).code).toBe(0);
      expect((await friends(a.mgmtoken))[0]).toMatchObject({ state: 'registered', phone: masked(p) });
      expect(await friends(b.mgmtoken)).toEqual([]);
      expect((await c.open(b.shareCode, `${phonePrefix}-visitor-1`)).data!.alreadyInvited).toBe(true);
      expect(await friends(b.mgmtoken)).toEqual([]);
    });

    test('after 30 days the first touch lapses (voided: expired) and a new link counts', async () => {
      const a = await newInviter();
      const b = await newInviter();
      await c.open(a.shareCode, `${phonePrefix}-visitor-2`);
      t.clock.advance(31 * DAY);
      expect((await c.open(b.shareCode, `${phonePrefix}-visitor-2`)).data!.alreadyInvited).toBe(false);
      expect((await c.register(phone(), { shareCode: b.shareCode, deviceId: `${phonePrefix}-visitor-2` })).code).toBe(
        0,
      );
      // mgmtokens live 30 days: sign in again after the jump.
      expect((await friends(await mgmTokenOf(`u${inviterSeq}`)))[0]!.state).toBe('registered');
      expect(
        (await friends(await mgmTokenOf(`u${inviterSeq - 1}`))).find(
          (f) => f.state === 'voided' && f.voidReason === 'expired',
        ),
      ).toBeDefined();
    });
  });

  describe('a member opening a link', () => {
    test('their own link and another member’s link say they are a member (no form), and record no open', async () => {
      const a = await newInviter();
      const b = await newInviter();
      const own = await c.open(a.shareCode, `${phonePrefix}-member-a`, { mgmtoken: a.mgmtoken });
      expect(own.data).toMatchObject({ isSelf: true, isMember: true });
      const other = await c.open(b.shareCode, `${phonePrefix}-member-a`, { mgmtoken: a.mgmtoken });
      expect(other.data).toMatchObject({ isSelf: false, isMember: true, alreadyInvited: true });
      expect(await friends(b.mgmtoken)).toEqual([]);
      // A visitor who is no member gets the form.
      expect((await c.open(b.shareCode, `${phonePrefix}-visitor-9`)).data).toMatchObject({ isMember: false });
    });
  });

  describe('fraud rules', () => {
    test('self-referral refused: same phone, same device, same WeChat identity; the invitation is voided with the reason', async () => {
      await mgmTokenOf('u4', `${phonePrefix}-u4-phone`);
      expect((await c.register('13900000004', { shareCode: 'SEEDU4AA' })).code).toBe(E.selfReferral);
      expect((await c.register(phone(), { shareCode: 'SEEDU4AA', deviceId: `${phonePrefix}-u4-phone` })).code).toBe(
        E.selfReferral,
      );
      expect((await c.register(phone(), { shareCode: 'SEEDU4AA', token: await userToken('u4') })).code).toBe(
        E.selfReferral,
      );
      const u5 = await mgmTokenOf('u5', `${phonePrefix}-u5-phone`);
      await c.open('SEEDU5AA', `${phonePrefix}-u5-phone-2`);
      await mgmTokenOf('u5', `${phonePrefix}-u5-phone-2`);
      expect((await c.register(phone(), { shareCode: 'SEEDU5AA', deviceId: `${phonePrefix}-u5-phone-2` })).code).toBe(
        E.selfReferral,
      );
      expect((await friends(u5)).find((f) => f.voidReason === 'self_referral')).toBeDefined();
    });

    test('the 4th registration from one address in a day is flagged ip_daily; a day later it is not', async () => {
      const a = await newInviter();
      const flagged: boolean[] = [];
      const ip = freshAddress();
      for (let i = 0; i < 4; i += 1) {
        const res = await c.register(phone(), { shareCode: a.shareCode, ip });
        expect(res.code).toBe(0);
        flagged.push(res.data!.flagged);
        t.clock.advance(2 * MIN);
      }
      expect(flagged).toEqual([false, false, false, true]);
      expect((await friends(a.mgmtoken))[0]!.flags).toEqual(['ip_daily']);
      t.clock.advance(DAY);
      expect((await c.register(phone(), { shareCode: a.shareCode, ip })).data!.flagged).toBe(false);
    });

    test('the 11th registration for one inviter in an hour is flagged inviter_hourly', async () => {
      const a = await newInviter();
      const flagged: boolean[] = [];
      for (let i = 0; i < 11; i += 1) {
        flagged.push((await c.register(phone(), { shareCode: a.shareCode })).data!.flagged);
        t.clock.advance(MIN);
      }
      expect(flagged.map((f, i) => (f ? i : -1)).filter((i) => i >= 0)).toEqual([10]);
      expect((await friends(a.mgmtoken))[0]!.flags).toEqual(['inviter_hourly']);
    });
  });

  describe('SMS limits, kept in the database', () => {
    const send = (p: string, ip?: string) =>
      c.call('/invite/sendCode', { region: '86', phone: p }, { ip: ip ?? freshAddress() });
    const codesOf = async (p: string) =>
      (
        await t.database.db
          .select()
          .from(smsCodes)
          .where(eq(smsCodes.phone, `${MGM_SMS_PREFIX}86-${p}`))
      ).length;

    test('60 s between sends, 5 an hour per phone', async () => {
      const p = phone();
      expect((await send(p)).code).toBe(0);
      const soon = await send(p);
      expect([soon.status, soon.code, soon.message]).toEqual([429, E.smsTooSoon, '请60秒后再获取验证码']);
      for (let i = 0; i < 4; i += 1) {
        t.clock.advance(61_000);
        expect((await send(p)).code).toBe(0);
      }
      t.clock.advance(61_000);
      expect((await send(p)).code).toBe(E.smsPhoneHourly);
      t.clock.advance(60 * MIN);
      expect((await send(p)).code).toBe(0);
    });

    test('20 a day per address', async () => {
      const ip = freshAddress();
      for (let i = 0; i < 20; i += 1) expect((await send(phone(), ip)).code).toBe(0);
      expect((await send(phone(), ip)).code).toBe(E.smsIpDaily);
      expect((await send(phone())).code).toBe(0);
    });

    test('concurrent sends for one phone send one code (the 60 s rule holds under a race)', async () => {
      for (let round = 0; round < 3; round += 1) {
        const p = phone();
        // Different addresses, so only the phone's lock orders them.
        const answers = await Promise.all(Array.from({ length: 4 }, () => send(p)));
        expect(answers.map((a) => a.code).sort()).toEqual([0, E.smsTooSoon, E.smsTooSoon, E.smsTooSoon]);
        expect(await codesOf(p)).toBe(1);
      }
    });

    test('concurrent sends from one address stop at 20 a day', async () => {
      const ip = freshAddress();
      const answers = await Promise.all(Array.from({ length: 24 }, () => send(phone(), ip)));
      expect(answers.filter((a) => a.code === 0).length).toBe(20);
      expect(answers.filter((a) => a.code === E.smsIpDaily).length).toBe(4);
    });

    test('a code lives 5 minutes; 5 wrong tries void it', async () => {
      const p = phone();
      await send(p);
      const code = (await c.smsCode(p))!;
      const wrong = code === '000000' ? '111111' : '000000';
      const body = {
        region: '86',
        phone: p,
        password: await c.encrypt('abc123'),
        deviceId: `${phonePrefix}-tries-1`,
        agree: true,
      };
      for (let i = 1; i <= 4; i += 1)
        expect((await c.call('/invite/register', { ...body, code: wrong })).message).toBe(
          `验证码错误，还可尝试${5 - i}次`,
        );
      expect((await c.call('/invite/register', { ...body, code: wrong })).code).toBe(E.smsCodeVoided);
      expect((await c.call('/invite/register', { ...body, code })).code).toBe(E.smsCodeVoided);
      t.clock.advance(61_000);
      await send(p);
      t.clock.advance(5 * MIN);
      expect((await c.call('/invite/register', { ...body, code: (await c.smsCode(p))! })).code).toBe(E.smsCodeExpired);
    });
  });

  describe('SMS codes under a race', () => {
    test('100 concurrent wrong guesses from 100 addresses: 5 are compared, the code is then void for the right one too', async () => {
      const p = phone();
      await c.call('/invite/sendCode', { region: '86', phone: p }, { ip: freshAddress() });
      const code = (await c.smsCode(p))!;
      const password = await c.encrypt('abc123');
      const guess = (typed: string) =>
        c.call(
          '/invite/register',
          { region: '86', phone: p, code: typed, password, deviceId: `${phonePrefix}-race-1`, agree: true },
          { ip: freshAddress() },
        );
      const answers = await Promise.all(
        Array.from({ length: 100 }, () => guess(code === '000000' ? '111111' : '000000')),
      );
      // The 5th wrong try answers "voided" itself: 4 "wrong, n left", then 96 refusals without a comparison.
      expect(answers.filter((a) => a.code === E.smsCodeWrong)).toHaveLength(4);
      expect(answers.filter((a) => a.code === E.smsCodeVoided)).toHaveLength(96);
      expect(
        (
          await t.database.db
            .select()
            .from(smsCodes)
            .where(eq(smsCodes.phone, `${MGM_SMS_PREFIX}86-${p}`))
        )[0]!.attempts,
      ).toBe(5);
      expect((await guess(code)).code).toBe(E.smsCodeVoided);
    });
  });

  describe('rewards: pending → granted | voided, only for registration, identity or learning', () => {
    const verify = (mgmtoken: string, idNumber: string, realName = '张三丰') =>
      c.call<{ verified: boolean; idNumber: string | null; name: string }>(
        '/invite/userBaseInfo',
        { identity: { realName, idNumber } },
        { mgmtoken },
      );

    test('registration pending; identity (ID checksum, stored masked) makes it eligible; staff confirm grants both', async () => {
      const a = await newInviter();
      const reg = await c.register(phone(), { shareCode: a.shareCode });
      expect((await gifts(a.mgmtoken)).list).toEqual([
        expect.objectContaining({ kind: 'registration', state: 'pending' }),
      ]);
      expect((await verify(reg.data!.mgmtoken, '110101199003071234')).code).toBe(E.identityInvalid);
      expect((await verify(reg.data!.mgmtoken, '11010519491231002X', 'Zhang')).code).toBe(E.identityInvalid);
      const ok = await verify(reg.data!.mgmtoken, '11010519491231002x');
      expect(ok.data).toMatchObject({ verified: true, idNumber: '110***********002X', name: '张三丰' });
      const stored = await t.database.db.execute(
        sql`select id_number_masked from mgm_members where id = ${reg.data!.member.memberId}`,
      );
      expect(JSON.stringify(stored)).toContain('110***********002X');
      expect(JSON.stringify(stored)).not.toContain('11010519491231002');
      // A second verification changes nothing and grants nothing more.
      expect((await verify(reg.data!.mgmtoken, '110101199003070000', '李四')).data).toMatchObject({
        idNumber: '110***********002X',
        name: '张三丰',
      });
      expect((await friends(a.mgmtoken))[0]).toMatchObject({ state: 'eligible' });
      expect((await gifts(a.mgmtoken)).list.map((g) => [g.kind, g.state])).toEqual([
        ['identity_verification', 'pending'],
        ['registration', 'pending'],
      ]);

      const staff = await userToken('u3');
      const memberId = reg.data!.member.memberId;
      expect((await c.call('/review/confirm', { memberId, decision: 'approve' }, { token: staff })).code).toBe(
        E.bindRefused,
      );
      expect((await c.call('/review/bind', { memberId, employeeId: 'E0001' }, { token: staff })).code).toBe(0);
      expect((await c.call('/review/confirm', { memberId, decision: 'approve' }, { token: staff })).data).toMatchObject(
        { invitationState: 'granted' },
      );
      const after = await gifts(a.mgmtoken);
      expect(after.list.map((g) => g.state)).toEqual(['granted', 'granted']);
      expect([after.grantedPoints, after.pendingPoints]).toEqual([300, 0]);
    });

    test('a learning task: started, refused before 30 s, completed once; own points granted, the inviter’s pending until review', async () => {
      const a = await newInviter();
      const reg = await c.register(phone(), { shareCode: a.shareCode });
      const me = reg.data!.mgmtoken;
      const tasks = (
        await c.call<{ list: Array<{ articleId: number; state: string; secondsLeft: number }> }>(
          '/invite/taskList',
          {},
          { mgmtoken: me },
        )
      ).data!.list;
      expect(tasks.length).toBe(3);
      expect(tasks.every((x) => x.state === 'todo' && x.secondsLeft === LEARNING_TASK_SECONDS)).toBe(true);
      const articleId = tasks[0]!.articleId;
      expect((await c.call('/invite/taskComplete', { articleId }, { mgmtoken: me })).code).toBe(E.taskNotStarted);
      expect((await c.call('/invite/taskStart', { articleId }, { mgmtoken: me })).data).toMatchObject({
        state: 'reading',
        secondsLeft: 30,
      });
      t.clock.advance(20_000);
      // Starting again does not reset the server's clock.
      expect((await c.call('/invite/taskStart', { articleId }, { mgmtoken: me })).data).toMatchObject({
        secondsLeft: 10,
      });
      expect((await c.call('/invite/taskComplete', { articleId }, { mgmtoken: me })).message).toBe(
        '请再阅读10秒后完成',
      );
      t.clock.advance(10_000);
      const done = await Promise.all([0, 1].map(() => c.call('/invite/taskComplete', { articleId }, { mgmtoken: me })));
      expect(done.map((d) => d.code).sort()).toEqual([0, E.taskDone]);
      expect((await gifts(me)).list).toEqual([
        expect.objectContaining({ kind: 'learning_task', state: 'granted', friendPhone: null }),
      ]);
      expect((await gifts(a.mgmtoken)).list.map((g) => [g.kind, g.state])).toEqual([
        ['learning_task', 'pending'],
        ['registration', 'pending'],
      ]);
      // A second task earns the member more points but the inviter's learning reward only once.
      await c.call('/invite/taskStart', { articleId: tasks[1]!.articleId }, { mgmtoken: me });
      t.clock.advance(31_000);
      expect((await c.call('/invite/taskComplete', { articleId: tasks[1]!.articleId }, { mgmtoken: me })).code).toBe(0);
      expect((await gifts(me)).grantedPoints).toBe(100);
      expect((await gifts(a.mgmtoken)).list.length).toBe(2);
      expect((await c.call('/invite/taskStart', { articleId: 999_999 }, { mgmtoken: me })).code).toBe(E.taskUnknown);
      expect((await c.call('/invite/taskList', {})).status).toBe(401);
    });

    test('a rejected review voids the invitation and its pending rewards with the reason', async () => {
      const a = await newInviter();
      const reg = await c.register(phone(), { shareCode: a.shareCode });
      await c.call(
        '/review/confirm',
        { memberId: reg.data!.member.memberId, decision: 'reject', note: '疑似刷单' },
        { token: await userToken('u17') },
      );
      expect((await friends(a.mgmtoken))[0]).toMatchObject({ state: 'voided', voidReason: 'review_rejected' });
      expect((await gifts(a.mgmtoken)).list).toEqual([
        expect.objectContaining({ state: 'voided', voidReason: 'review_rejected' }),
      ]);
    });

    test('no reward path from a purchase: not a kind, refused by the database, no such route', async () => {
      expect(REWARD_KINDS).toEqual(['registration', 'identity_verification', 'learning_task']);
      await expect(
        t.database.db.execute(
          sql`INSERT INTO mgm_rewards (member_id, kind, points, state, created_at) VALUES (1, 'purchase', 100, 'pending', now())`,
        ),
      ).rejects.toThrow();
      await expect(
        t.database.db.execute(
          sql`INSERT INTO mgm_rewards (member_id, kind, points, state, created_at) VALUES (1, 'registration', 100, 'paid', now())`,
        ),
      ).rejects.toThrow();
      // Every route that writes a reward is one of these; none is about buying.
      const routes = t.app.printRoutes({ commonPrefix: false });
      expect(routes).not.toMatch(/purchase|order|buy|trade/i);
    });
  });
}
