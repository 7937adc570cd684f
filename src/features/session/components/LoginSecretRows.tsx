import type { ChangeEvent } from 'react';

import { isValidPassword } from '../../../lib/validators';
import { LoginField } from './LoginField';
import type { LoginView } from './use-login-form';

interface LoginSecretRowsProps {
  view: LoginView;
  code: string;
  password: string;
  onCode(e: ChangeEvent<HTMLInputElement>): void;
  onPassword(e: ChangeEvent<HTMLInputElement>): void;
  requestCode(): void;
}

/** The second factor of the chosen mode: the SMS code with its send button, or the password with its rule. */
export function LoginSecretRows({ view, code, password, onCode, onPassword, requestCode }: LoginSecretRowsProps) {
  const codeLabel = view.sending
    ? '发送中…'
    : view.resendIn > 0
      ? `${view.resendIn}秒后重新获取`
      : view.codeSent
        ? '重新获取'
        : '获取验证码';
  const passwordOk = isValidPassword(password);
  return view.mode === 'sms' ? (
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
          onChange={onCode}
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
          onChange={onPassword}
        />
      </LoginField>
      {/* The rule (docs/rules/validation.md), shown as the user types: the server checks the same. */}
      <p className={password && !passwordOk ? 'login-hint login-hint--warn' : 'login-hint'} data-testid="password-rule">
        {password && passwordOk ? '✓ ' : ''}密码为6-20位，需包含数字、字母、符号中的至少两种
      </p>
    </>
  );
}
