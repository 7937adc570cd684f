import { type IdentitySources, isAdviser, readViewer, resolveViewer } from '../store/identity';

const none: IdentitySources = { userInfos: null, token: null, storedUuid: null, addressUuid: null, miniProgram: false };
const makeId = () => 'd-new';
const signedIn = JSON.stringify({ token: 't4', employee_id: 'u4', real_name: '客户四', union_id: 'union-4' });

describe('who is acting', () => {
  it('a signed-in identity wins over the address, even inside the mini-program', () => {
    const { who, remember } = resolveViewer(
      { ...none, userInfos: signedIn, token: 't4', addressUuid: 'u1', miniProgram: true, storedUuid: 'd-old' },
      makeId,
    );
    expect(who).toEqual({
      employeeId: 'u4',
      realName: '客户四',
      unionId: 'union-4',
      viewerId: 'u4',
      source: 'session',
    });
    expect(remember).toBeNull();
  });

  it('a shared link opened in a browser names this device, never the sharer', () => {
    const first = resolveViewer({ ...none, addressUuid: 'u1' }, makeId);
    expect(first.who).toMatchObject({ employeeId: 'd-new', viewerId: 'd-new', source: 'device' });
    expect(first.remember).toBe('d-new');
    const again = resolveViewer({ ...none, addressUuid: 'u1', storedUuid: 'd-new' }, makeId);
    expect(again.who.employeeId).toBe('d-new');
    expect(again.remember).toBeNull();
  });

  it('a token without user info still ignores the address', () => {
    const { who } = resolveViewer(
      { ...none, token: 'wechat-token', addressUuid: 'u1', miniProgram: true, storedUuid: 'd-1' },
      makeId,
    );
    expect(who).toMatchObject({ employeeId: 'd-1', source: 'device' });
  });

  it('inside the mini-program with nobody signed in the address names the viewer, without overwriting a stored id', () => {
    const fresh = resolveViewer({ ...none, addressUuid: 'mp-7', miniProgram: true }, makeId);
    expect(fresh.who).toMatchObject({ employeeId: 'mp-7', viewerId: 'mp-7', source: 'miniProgram' });
    expect(fresh.remember).toBe('mp-7');
    const known = resolveViewer({ ...none, addressUuid: 'mp-7', miniProgram: true, storedUuid: 'd-old' }, makeId);
    expect(known.who).toMatchObject({ employeeId: 'mp-7', viewerId: 'd-old' });
    expect(known.remember).toBeNull();
  });

  it('three people on one link are three viewers', () => {
    const ids = ['d-a', 'd-b', 'd-c'].map((id) => resolveViewer({ ...none, addressUuid: 'u1' }, () => id).who.viewerId);
    expect(new Set(ids).size).toBe(3);
  });

  it('readViewer stores a new device id once and never replaces a stored identity', () => {
    localStorage.clear();
    localStorage.setItem('userinfos', signedIn);
    expect(readViewer('u1', makeId, true).employeeId).toBe('u4');
    expect(localStorage.getItem('userinfos')).toBe(signedIn);
    expect(localStorage.getItem('uuids')).toBeNull();
    localStorage.clear();
    expect(readViewer('u1', makeId, false).employeeId).toBe('d-new');
    expect(readViewer('u9', () => 'd-other', false).employeeId).toBe('d-new');
    expect(localStorage.getItem('uuids')).toBe('d-new');
  });
});

describe('advisers and the qualified-investor gate', () => {
  it('WeCom or an employee record is an adviser; a customer is not', () => {
    expect(isAdviser(true, null)).toBe(true);
    expect(
      isAdviser(false, JSON.stringify({ employee_id: 'u1', employee: { employee_id: 'u1', is_financial_advisor: 1 } })),
    ).toBe(true);
    expect(isAdviser(false, JSON.stringify({ employee_id: 'u4', employee: null }))).toBe(false);
    expect(isAdviser(false, null)).toBe(false);
  });
});
