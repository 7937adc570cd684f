import { LoginAccount } from '../components/LoginAccount';
import { LoginConsent } from '../components/LoginConsent';
import { LoginPhoneRow } from '../components/LoginPhoneRow';
import { LoginSecretRows } from '../components/LoginSecretRows';
import { useLoginForm } from '../components/use-login-form';
import { loginModeSwitched } from '../store/login-slice';
import { selectLoginView } from '../store/selectors';

import './LoginScreen.css';

import { useAppDispatch, useAppSelector } from '@/store';

/**
 * /login: phone region, number, then an SMS code (resend countdown) or the password chosen at registration;
 * back to where the user was. Signed in already, it shows the account and a logout.
 */
export default function LoginScreen() {
  const dispatch = useAppDispatch();
  const view = useAppSelector(selectLoginView);
  const form = useLoginForm(view);

  if (view.account && !view.succeeded) return <LoginAccount account={view.account} leaving={view.leaving} />;

  return (
    <form className="login" onSubmit={form.submit} noValidate>
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
      <LoginPhoneRow view={view} phone={form.phone} onPhone={form.onPhone} />

      <LoginSecretRows
        view={view}
        code={form.code}
        password={form.password}
        onCode={form.onCode}
        onPassword={form.onPassword}
        requestCode={form.requestCode}
      />

      <LoginConsent agreed={form.agreed} agree={form.agree} error={form.consentError} />

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
