import { type ChangeEvent, type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';

import { isValidPassword } from '../../../lib/validators';
import {
  loginInputChanged,
  loginModeSwitched,
  loginOpened,
  loginRegionPicked,
  loginSubmitted,
  logoutRequested,
  passwordLoginSubmitted,
  smsCodeRequested,
} from '../store/login-slice';
import { selectLoginView } from '../store/selectors';
import type { StaffDesk } from '../store/types';

import './LoginScreen.css';

import { getHref } from '@/routes';
import { useAppDispatch, useAppSelector } from '@/store';

/**
 * /login: phone region, number, then an SMS code (resend countdown) or the password chosen at registration;
 * back to where the user was. Signed in already, it shows the account and a logout (issue 15 item 10).
 */
/** The staff desks' entries, by the role on the employee record (the desks' titles in the route table). */
const DESK_LABELS: Record<StaffDesk, string> = {
  expertAnswers: '专家回答',
  reviewDesk: '审核台',
  complianceLog: '合规记录',
};

export default function LoginScreen() {
  const dispatch = useAppDispatch();
  const view = useAppSelector(selectLoginView);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  // Editing a field clears its error and a failed submit: never two contradicting messages.
  const edit =
    (field: 'phone' | 'code' | 'password', set: (value: string) => void) => (e: ChangeEvent<HTMLInputElement>) => {
      set(e.target.value);
      dispatch(loginInputChanged({ field }));
    };
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
    if (view.mode === 'password') dispatch(passwordLoginSubmitted({ phone: phone.trim(), password }));
    else dispatch(loginSubmitted({ phone: phone.trim(), code: code.trim() }));
  };
  const codeLabel = view.sending
    ? '发送中…'
    : view.resendIn > 0
      ? `${view.resendIn}秒后重新获取`
      : view.codeSent
        ? '重新获取'
        : '获取验证码';

  if (view.account && !view.succeeded) {
    return (
      <section className="login" aria-labelledby="account-title">
        <h1 id="account-title">我的账号</h1>
        <div className="login-account" data-testid="login-account">
          <span className="login-account-name">{view.account.name}</span>
          <span className="login-account-note">{view.account.phone ?? '已登录'}</span>
        </div>
        {view.account.desks && (
          <nav className="login-desks" aria-label="我的工作">
            {view.account.desks.map((desk) => (
              <Link key={desk} className="login-submit login-link login-desk" to={getHref(desk)}>
                {DESK_LABELS[desk]}
              </Link>
            ))}
          </nav>
        )}
        <Link className="login-submit login-link" to={getHref('home')}>
          返回首页
        </Link>
        <button
          type="button"
          className="login-logout"
          disabled={view.leaving}
          onClick={() => dispatch(logoutRequested())}
        >
          {view.leaving ? '正在退出…' : '退出登录'}
        </button>
      </section>
    );
  }

  const passwordOk = isValidPassword(password);
  return (
    <form className="login" onSubmit={submit} noValidate>
      <h1>手机号登录</h1>
      <p className="login-sub">
        {view.mode === 'password'
          ? '使用注册时设置的密码登录'
          : view.inApp
            ? '在财富 App 内登录，新手机号验证后将自动开通账户'
            : '未注册的手机号验证后将自动创建账号'}
      </p>
      <div className="login-modes" role="tablist" aria-label="登录方式">
        {(['sms', 'password'] as const).map((mode) => (
          <button
            key={mode}
            type="button"
            role="tab"
            aria-selected={view.mode === mode}
            className={view.mode === mode ? 'login-mode login-mode--on' : 'login-mode'}
            onClick={() => dispatch(loginModeSwitched({ mode }))}
          >
            {mode === 'sms' ? '验证码登录' : '密码登录'}
          </button>
        ))}
      </div>

      <LoginField error={view.phoneError ?? view.smsError}>
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
          <select
            aria-label="手机号地区"
            value={view.region?.code ?? ''}
            onChange={(e) => dispatch(loginRegionPicked({ code: e.target.value }))}
          >
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
          onChange={edit('phone', setPhone)}
        />
      </LoginField>

      {view.mode === 'sms' ? (
        <>
          <LoginField error={view.codeError}>
            <input
              aria-label="验证码"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder="请输入6位验证码"
              maxLength={6}
              value={code}
              onChange={edit('code', setCode)}
            />
            <button
              type="button"
              className="login-code-btn"
              disabled={view.sending || view.resendIn > 0 || view.regionsStatus !== 'loaded'}
              onClick={requestCode}
            >
              {codeLabel}
            </button>
          </LoginField>
          {view.codeSent && <p className="login-hint">验证码已发送，5分钟内有效</p>}
        </>
      ) : (
        <>
          <LoginField error={view.passwordError}>
            <input
              aria-label="密码"
              name="password"
              type="password"
              autoComplete="current-password"
              placeholder="请输入密码"
              maxLength={20}
              value={password}
              onChange={edit('password', setPassword)}
            />
          </LoginField>
          {/* Spec §5's rule, shown as the user types: the server checks the same. */}
          <p
            className={password && !passwordOk ? 'login-hint login-hint--warn' : 'login-hint'}
            data-testid="password-rule"
          >
            {password && passwordOk ? '✓ ' : ''}密码为6-20位，需包含数字、字母、符号中的至少两种
          </p>
        </>
      )}

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

      <button
        type="submit"
        className="login-submit"
        disabled={view.submitting || view.succeeded || view.regionsStatus !== 'loaded'}
      >
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

/** One input row of the form with its error line under it (kept in place, so nothing moves when one shows). */
function LoginField({ error, children }: { error: string | null; children: ReactNode }) {
  return (
    <>
      <div className="login-row">{children}</div>
      <p className="login-field-error" role="alert">
        {error ?? ''}
      </p>
    </>
  );
}
