import {
  loginFailed,
  loginInputChanged,
  loginOpened,
  loginRegionsLoaded,
  loginSlice,
  loginSubmitted,
} from '../store/login-slice';

const loginReducer = loginSlice.reducer;

describe('login errors clear when the input changes', () => {
  it('a field error and a failed submit go as soon as the user edits', () => {
    let s = [
      loginOpened(),
      loginRegionsLoaded({ list: [{ code: '86', name: '中国大陆' } as never] }),
      loginSubmitted({ phone: '123', code: '1' }),
    ].reduce(loginReducer, loginReducer(undefined, { type: '@@init' }));
    expect(s.fieldErrors.phone).not.toBeNull();
    expect(s.fieldErrors.code).not.toBeNull();
    s = loginReducer(s, loginInputChanged({ field: 'phone' }));
    expect(s.fieldErrors.phone).toBeNull();
    expect(s.fieldErrors.code).not.toBeNull();
    s = loginReducer(s, loginInputChanged({ field: 'code' }));
    expect(s.fieldErrors.code).toBeNull();

    s = [
      loginSubmitted({ phone: '13912345678', code: '123456' }),
      loginFailed({ message: '验证码错误，请重新输入' }),
    ].reduce(loginReducer, s);
    expect(s.submit).toEqual({ status: 'failed', error: '验证码错误，请重新输入' });
    s = loginReducer(s, loginInputChanged({ field: 'code' }));
    expect(s.submit).toEqual({ status: 'idle', error: null });
  });
});
