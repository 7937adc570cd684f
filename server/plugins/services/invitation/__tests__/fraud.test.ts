import { isSelfReferral, type Registrant, registrationFlags } from '../fraud';

const INVITER = { id: 7, phone: '86-13800000007', unionId: 'union-7', userId: 70 };
const STRANGER: Registrant = { phone: '86-13900000009', unionId: 'union-9', userId: 90, deviceId: 'device-9' };
const noDevice = async () => false;

describe('self-referral', () => {
  it('a stranger on a device the inviter never used is not the inviter', async () => {
    const hasDevice = jest.fn(noDevice);
    await expect(isSelfReferral(INVITER, STRANGER, hasDevice)).resolves.toBe(false);
    expect(hasDevice).toHaveBeenCalledWith(7, 'device-9');
  });

  it("the inviter's phone, WeChat union id, account or device is the inviter", async () => {
    await expect(isSelfReferral(INVITER, { ...STRANGER, phone: '86-13800000007' }, noDevice)).resolves.toBe(true);
    await expect(isSelfReferral(INVITER, { ...STRANGER, unionId: 'union-7' }, noDevice)).resolves.toBe(true);
    await expect(isSelfReferral(INVITER, { ...STRANGER, userId: 70 }, noDevice)).resolves.toBe(true);
    const inviterDevice = async (member: number, device: string) => member === 7 && device === 'device-9';
    await expect(isSelfReferral(INVITER, STRANGER, inviterDevice)).resolves.toBe(true);
  });

  it('no union id or account on either side is not a match', async () => {
    const bare = { ...INVITER, unionId: null, userId: 70 };
    await expect(isSelfReferral(bare, { ...STRANGER, unionId: null, userId: null }, noDevice)).resolves.toBe(false);
  });
});

describe('registration flags (4th from one address in 24 h, 11th for one inviter in an hour)', () => {
  const NOW = new Date('2026-11-26T06:00:00Z');

  it('3 earlier registrations from the address in 24 hours flag this one; 2 do not', async () => {
    const fromIp = jest.fn(async () => 3);
    await expect(registrationFlags(NOW, { fromIp, forInviter: null })).resolves.toEqual(['ip_daily']);
    expect(fromIp).toHaveBeenCalledWith(new Date('2026-11-25T06:00:00Z'));
    await expect(registrationFlags(NOW, { fromIp: async () => 2, forInviter: null })).resolves.toEqual([]);
  });

  it('10 earlier registrations for the inviter in an hour flag this one; 9 do not', async () => {
    const forInviter = jest.fn(async () => 10);
    await expect(registrationFlags(NOW, { fromIp: async () => 0, forInviter })).resolves.toEqual(['inviter_hourly']);
    expect(forInviter).toHaveBeenCalledWith(new Date('2026-11-26T05:00:00Z'));
    await expect(registrationFlags(NOW, { fromIp: async () => 0, forInviter: async () => 9 })).resolves.toEqual([]);
  });

  it('both rules at once, address first; without an invitation no inviter is counted', async () => {
    await expect(registrationFlags(NOW, { fromIp: async () => 5, forInviter: async () => 30 })).resolves.toEqual([
      'ip_daily',
      'inviter_hourly',
    ]);
    await expect(registrationFlags(NOW, { fromIp: async () => 5, forInviter: null })).resolves.toEqual(['ip_daily']);
  });
});
