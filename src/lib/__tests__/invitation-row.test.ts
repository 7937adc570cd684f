import { describeFriend } from '../invitation-row';

describe('an invitation reads the same on 我的 and /record', () => {
  const base = { id: 1, name: null, voidReason: null, flags: [], openedAt: 1_764_400_000, registeredAt: null };
  it('a visitor who only opened the link, and a registered friend, with when', () => {
    expect(describeFriend({ ...base, phone: null, state: 'opened' })).toEqual({
      who: '访客（未注册）',
      name: null,
      state: '已打开链接',
      when: '打开链接于 11-29 15:06',
    });
    expect(
      describeFriend({ ...base, phone: '138****2010', name: '何*', state: 'registered', registeredAt: 1_764_400_600 }),
    ).toMatchObject({ who: '138****2010', name: '何*', state: '已注册', when: '注册于 11-29 15:16' });
  });
});
