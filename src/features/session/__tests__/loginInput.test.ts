import { sessionReducer, loginFailed, loginInputChanged, loginOpened, loginRegionsLoaded, loginSubmitted } from '../store/sessionSlice';

describe('login errors clear when the input changes (issue 15 item 10)', () => {
  it('a field error and a failed submit go as soon as the user edits', () => {
    let s = [loginOpened(), loginRegionsLoaded({ list: [{ code: '86', name: '中国大陆' } as never] }), loginSubmitted({ phone: '123', code: '1' })].reduce(sessionReducer, sessionReducer(undefined, { type: '@@init' }));
    expect(s.login.fieldErrors.phone).not.toBeNull();
    expect(s.login.fieldErrors.code).not.toBeNull();
    s = sessionReducer(s, loginInputChanged({ field: 'phone' }));
    expect(s.login.fieldErrors.phone).toBeNull();
    expect(s.login.fieldErrors.code).not.toBeNull();
    s = sessionReducer(s, loginInputChanged({ field: 'code' }));
    expect(s.login.fieldErrors.code).toBeNull();

    s = [loginSubmitted({ phone: '13912345678', code: '123456' }), loginFailed({ message: '验证码错误，请重新输入' })].reduce(sessionReducer, s);
    expect(s.login.submit).toEqual({ status: 'failed', error: '验证码错误，请重新输入' });
    s = sessionReducer(s, loginInputChanged({ field: 'code' }));
    expect(s.login.submit).toEqual({ status: 'idle', error: null });
  });
});
