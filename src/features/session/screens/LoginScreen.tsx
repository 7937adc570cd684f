import { useEffect, useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '@/store';
import { loginInputChanged, loginOpened, loginRegionPicked, loginSubmitted, smsCodeRequested } from '../store/sessionSlice';
import { selectLoginView } from '../store/selectors';
import './LoginScreen.css';

/** /login: phone region, number, SMS code with a resend countdown; back to where the user was. */
export default function LoginScreen() {
  const dispatch = useAppDispatch();
  const view = useAppSelector(selectLoginView);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  // 用户协议 and 隐私政策 are agreed to before a code is sent (issue 15 item 10).
  const [agreed, setAgreed] = useState(false);
  const [consentError, setConsentError] = useState(false);
  const requestCode = () => {
    if (!agreed) {
      setConsentError(true);
      return;
    }
    dispatch(smsCodeRequested({ phone: phone.trim() }));
  };

  useEffect(() => {
    dispatch(loginOpened());
  }, [dispatch]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!agreed) {
      setConsentError(true);
      return;
    }
    dispatch(loginSubmitted({ phone: phone.trim(), code: code.trim() }));
  };
  const codeLabel = view.sending ? '发送中…' : view.resendIn > 0 ? `${view.resendIn}秒后重新获取` : view.codeSent ? '重新获取' : '获取验证码';

  return (
    <form className="login" onSubmit={submit} noValidate>
      <h1>手机号登录</h1>
      <p className="login-sub">未注册的手机号验证后将自动创建账号</p>

      <div className="login-row">
        {view.regionsStatus === 'loading' && <span className="login-hint">正在加载地区…</span>}
        {view.regionsStatus === 'failed' && (
          <span className="login-field-error" role="alert">
            {view.regionsError ?? '地区加载失败'}
            <button type="button" className="login-retry" onClick={() => dispatch(loginOpened())}>
              重试
            </button>
          </span>
        )}
        {view.regionsStatus === 'loaded' && (
          <select aria-label="手机号地区" value={view.region?.code ?? ''} onChange={(e) => dispatch(loginRegionPicked({ code: e.target.value }))}>
            {view.regions.map((r) => (
              <option key={r.code} value={r.code}>
                {r.name} +{r.code}
              </option>
            ))}
          </select>
        )}
        <input
          aria-label="手机号"
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder="请输入手机号"
          maxLength={20}
          value={phone}
          onChange={(e) => {
            setPhone(e.target.value);
            dispatch(loginInputChanged({ field: 'phone' }));
          }}
        />
      </div>
      <p className="login-field-error" role="alert">
        {view.phoneError ?? view.smsError ?? ''}
      </p>

      <div className="login-row">
        <input
          aria-label="验证码"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="请输入6位验证码"
          maxLength={6}
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            dispatch(loginInputChanged({ field: 'code' }));
          }}
        />
        <button
          type="button"
          className="login-code-btn"
          disabled={view.sending || view.resendIn > 0 || view.regionsStatus !== 'loaded'}
          onClick={requestCode}
        >
          {codeLabel}
        </button>
      </div>
      <p className="login-field-error" role="alert">
        {view.codeError ?? ''}
      </p>
      {view.codeSent && <p className="login-hint">验证码已发送，5分钟内有效</p>}

      <label className="login-consent">
        <input
          type="checkbox"
          checked={agreed}
          onChange={(e) => {
            setAgreed(e.target.checked);
            if (e.target.checked) setConsentError(false);
          }}
        />
        <span>
          我已阅读并同意<a href="#agreement">《用户协议》</a>和<a href="#privacy">《隐私政策》</a>
        </span>
      </label>
      {consentError && (
        <p className="login-field-error" role="alert" data-testid="consent-error">
          请先阅读并同意《用户协议》和《隐私政策》
        </p>
      )}

      <button type="submit" className="login-submit" disabled={view.submitting || view.succeeded || view.regionsStatus !== 'loaded'}>
        {view.submitting ? '登录中…' : view.succeeded ? '登录成功' : '登录'}
      </button>
      {view.submitError && (
        <p className="login-error" role="alert">
          {view.submitError}
        </p>
      )}
    </form>
  );
}
