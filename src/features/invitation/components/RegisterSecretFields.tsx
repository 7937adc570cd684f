import { TextField } from './TextField';
import type { RegisterFormState } from './use-register-form';

/** 验证码 with its resend countdown, then the password and its rules, each shown as met or not while typing. */
export function RegisterSecretFields({ form }: { form: RegisterFormState }) {
  const { reg, regions, code, setCode, password, setPassword, checks, sendCode } = form;
  const codeLabel = reg.sending
    ? '发送中…'
    : reg.resendIn > 0
      ? `${reg.resendIn}秒后重发`
      : reg.codeSent
        ? '重新获取'
        : '获取验证码';
  return (
    <>
      <TextField
        id="inv-code"
        label="验证码"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder="6位验证码"
        value={code}
        onChange={(e) => setCode(e.target.value.trim())}
      >
        <button
          type="button"
          className="inv-btn inv-btn--ghost"
          onClick={sendCode}
          disabled={reg.sending || reg.resendIn > 0 || regions.status !== 'loaded'}
          style={{ minWidth: 108 }}
        >
          {codeLabel}
        </button>
      </TextField>
      <TextField
        id="inv-password"
        label="设置登录密码"
        type="password"
        autoComplete="new-password"
        maxLength={20}
        placeholder="6-20位，至少两种字符"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <ul className="inv-rules" aria-label="密码规则">
        {checks.map((c) => (
          <li key={c.label} className={c.ok ? 'ok' : ''}>
            {c.ok ? '✓' : '○'} {c.label}
          </li>
        ))}
      </ul>
    </>
  );
}
