import { type InvitationState, REWARD_POINTS, type RewardKind } from '../../../src/api/contract/invitation-constants';
import { maskPhone } from '../../../src/api/contract/mask';
import { hashPassword } from '../../repositories/invitation-members';
import type { Db } from '../client';
import { mgmBindLogs, mgmDevices, mgmInvitations, mgmMembers, mgmRewards, phoneAccounts, users } from '../schema';
import type { SeedScale } from './generate';
import { createPrng } from './prng';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** Seeded members cannot sign in with a password (no known password behind this marker). */
const NO_PASSWORD = 'scrypt$seed$seed';
/**
 * Except u4 (86-13900000004), whose local password is this, so password sign-in can be tried on a fresh
 * `npm start` as the SMS page lets codes be (README). Local seed only: no real account has it.
 */
export const LOCAL_MEMBER_PASSWORD = 'wealth2026';
const NAMES = ['赵雨桐', '钱思远', '孙嘉怡', '周子涵', '吴浩然', '郑欣妍', '冯博文', '陈语嫣', '褚天佑', '卫诗琪'];

type Tx = Pick<Db, 'insert'>;

/** Customers u4 and u5 as members with share codes, their devices and phones: u4 is the seed's inviter. */
async function seedInviters(tx: Tx, t: number) {
  const [m4, m5] = await tx
    .insert(mgmMembers)
    .values([
      {
        userId: 4,
        phone: '86-13900000004',
        unionId: 'union-4',
        shareCode: 'SEEDU4AA',
        passwordHash: hashPassword(LOCAL_MEMBER_PASSWORD),
        agreementSignedAt: new Date(t - 200 * DAY),
        createdAt: new Date(t - 200 * DAY),
      },
      {
        userId: 5,
        phone: '86-13900000005',
        unionId: 'union-5',
        shareCode: 'SEEDU5AA',
        passwordHash: NO_PASSWORD,
        agreementSignedAt: new Date(t - 150 * DAY),
        createdAt: new Date(t - 150 * DAY),
      },
    ])
    .returning();
  if (!m4 || !m5) throw new Error('seed members missing');
  await tx.insert(mgmDevices).values([
    { memberId: m4.id, deviceId: 'seed-device-u4', seenAt: new Date(t - DAY) },
    { memberId: m5.id, deviceId: 'seed-device-u5', seenAt: new Date(t - DAY) },
  ]);
  await tx.insert(phoneAccounts).values([
    { phone: '86-13900000004', userId: 4, createdAt: new Date(t - 200 * DAY) },
    { phone: '86-13900000005', userId: 5, createdAt: new Date(t - 150 * DAY) },
  ]);
  return m4;
}

/** A friend who registered through an invitation: their user, member record and binding log (by `state`). */
async function seedInvitee(
  tx: Tx,
  rng: ReturnType<typeof createPrng>,
  i: number,
  state: InvitationState,
  registeredAt: Date,
): Promise<number> {
  const phone = `86-13${rng.int(0, 9)}${String(rng.int(0, 99_999_999)).padStart(8, '0')}`;
  const [user] = await tx
    .insert(users)
    .values({
      uuid: `mseed${i + 1}`,
      employeeId: `MS${String(i + 1).padStart(5, '0')}`,
      realName: NAMES[i % NAMES.length]!,
      avatar: '',
      role: 'customer',
      phone: maskPhone(phone.slice(3)),
      createdAt: registeredAt,
    })
    .returning();
  const bindState =
    state === 'granted' ? ('confirmed' as const) : state === 'eligible' ? ('bound' as const) : ('unbound' as const);
  const [member] = await tx
    .insert(mgmMembers)
    .values({
      userId: user!.id,
      phone,
      shareCode: `SEED${String(i + 1)
        .padStart(4, '0')
        .replace(/[01]/g, (d) => (d === '0' ? 'Z' : 'Y'))}`,
      passwordHash: NO_PASSWORD,
      registerIp: `10.0.${i % 200}.${(i % 50) + 1}`,
      agreementSignedAt: i % 5 === 4 ? null : registeredAt,
      verifiedAt: state === 'registered' ? null : new Date(registeredAt.getTime() + HOUR),
      adviserId: bindState === 'unbound' ? null : 1,
      bindState,
      createdAt: registeredAt,
    })
    .returning();
  if (bindState !== 'unbound') {
    await tx.insert(mgmBindLogs).values({
      memberId: member!.id,
      action: 'bind',
      adviserId: 1,
      staffId: 3,
      note: '',
      createdAt: new Date(registeredAt.getTime() + 2 * HOUR),
    });
  }
  if (bindState === 'confirmed') {
    await tx.insert(mgmBindLogs).values({
      memberId: member!.id,
      action: 'approve',
      adviserId: 1,
      staffId: 3,
      note: '协议与身份已核对',
      createdAt: new Date(registeredAt.getTime() + 3 * HOUR),
    });
  }
  return member!.id;
}

/**
 * The invitation program's seed: customers u4 and u5 are members with share codes
 * SEEDU4AA / SEEDU5AA; u4 has invited friends in every state, with their rewards. Deterministic:
 * own PRNG, times from the base time. `large` multiplies the friends by 10.
 */
export async function seedInvitation(tx: Tx, scale: SeedScale, base: Date): Promise<void> {
  const rng = createPrng(19);
  const t = base.getTime();
  const m4 = await seedInviters(tx, t);

  const states: InvitationState[] = [
    'registered',
    'verified',
    'eligible',
    'granted',
    'registered',
    'granted',
    'voided',
    'opened',
  ];
  const friends = (scale === 'large' ? 10 : 1) * states.length;
  for (let i = 0; i < friends; i += 1) {
    const state = states[i % states.length]!;
    const openedAt = new Date(t - (i + 1) * 3 * HOUR - rng.int(0, 50) * 60_000);
    const registeredAt =
      state === 'opened' || state === 'voided' ? null : new Date(openedAt.getTime() + rng.int(5, 90) * 60_000);
    let inviteeId: number | null = null;
    if (registeredAt) {
      inviteeId = await seedInvitee(tx, rng, i, state, registeredAt);
    }
    const flagged = i % states.length === 4;
    const [inv] = await tx
      .insert(mgmInvitations)
      .values({
        inviterId: m4.id,
        inviteeId,
        deviceId: `seed-visitor-${i + 1}`,
        unionId: null,
        state,
        voidReason: state === 'voided' ? 'expired' : null,
        flags: flagged ? 'ip_daily' : '',
        flagOpen: flagged ? 1 : 0,
        registerIp: registeredAt ? `10.0.${i % 200}.${(i % 50) + 1}` : null,
        openedAt: state === 'voided' ? new Date(openedAt.getTime() - 31 * DAY) : openedAt,
        registeredAt,
        updatedAt: registeredAt ?? openedAt,
      })
      .returning();
    if (!registeredAt) continue;
    const kinds: RewardKind[] = state === 'registered' ? ['registration'] : ['registration', 'identity_verification'];
    if (state === 'granted' && i % 2 === 1) kinds.push('learning_task');
    await tx.insert(mgmRewards).values(
      kinds.map((kind) => ({
        memberId: m4.id,
        invitationId: inv!.id,
        kind,
        points: REWARD_POINTS[kind],
        state: state === 'granted' ? ('granted' as const) : ('pending' as const),
        createdAt: registeredAt,
        settledAt: state === 'granted' ? new Date(registeredAt.getTime() + 3 * HOUR) : null,
      })),
    );
  }
}
