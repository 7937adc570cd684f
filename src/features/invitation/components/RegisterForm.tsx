import { type FormEvent, useEffect, useState } from 'react';

import { invitationEvents as ev, selectRegions, selectRegister } from '../store/invitation-slice';

import { phoneProblem, smsCodeProblem } from '@/lib/validators';
import { useAppDispatch, useAppSelector } from '@/store';

/** Spec §5 password rules, each shown as met or not while typing. */
export function passwordChecks(value: string): Array<{ label: string; ok: boolean }> {
  const chars = [...value];
  const classes = [/\d/, /[A-Za-z]/, /[^A-Za-z\d]/].filter((re) => chars.some((c) => re.test(c))).length;
  return [
    { label: '6-20位', ok: chars.length >= 6 && chars.length <= 20 },
    { label: '数字、字母、符号至少两种', ok: classes >= 2 },
  ];
}

/** Register: region from liveCommonPhoneRegion, SMS code with a resend countdown, password rules as you type. */
export function RegisterForm() {
  const dispatch = useAppDispatch();
  const regions = useAppSelector(selectRegions);
  const reg = useAppSelector(selectRegister);
  const [regionCode, setRegionCode] = useState('86');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [agree, setAgree] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const region = regions.list.find((r) => r.code === regionCode) ?? regions.list[0] ?? null;
  const checks = passwordChecks(password);
  // The landing load brings the regions; a page without a share code asks for them itself.
  useEffect(() => {
    if (regions.status === 'idle') dispatch(ev.regionsRequested());
  }, [dispatch, regions.status]);

  const sendCode = () => {
    const p = phoneProblem(phone, region);
    setProblem(p);
    if (!p && region) dispatch(ev.registerCodeRequested({ region: region.code, phone }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const p =
      phoneProblem(phone, region) ??
      smsCodeProblem(code) ??
      (checks.every((c) => c.ok) ? null : '密码需为6-20位，且包含数字、字母、符号中的至少两种') ??
      (agree ? null : '请先阅读并同意《会员服务协议》');
    setProblem(p);
    if (!p && region) dispatch(ev.registerSubmitted({ region: region.code, phone, code, password, agree }));
  };
  const codeLabel = reg.sending
    ? '发送中…'
    : reg.resendIn > 0
      ? `${reg.resendIn}秒后重发`
      : reg.codeSent
        ? '重新获取'
        : '获取验证码';

  return (
    <form className="inv-card inv-form" onSubmit={submit} noValidate aria-label="注册会员">
      <h2>注册成为会员</h2>
      <label htmlFor="inv-phone">手机号</label>
      <div className="inv-field">
        {regions.status === 'failed' ? (
          <button
            type="button"
            className="inv-btn inv-btn--ghost"
            onClick={() => dispatch(ev.regionsRequested())}
            title={regions.error ?? undefined}
          >
            地区加载失败，重试
          </button>
        ) : (
          <select
            aria-label="手机号地区"
            value={region?.code ?? ''}
            onChange={(e) => setRegionCode(e.target.value)}
            disabled={regions.status !== 'loaded'}
          >
            {regions.status !== 'loaded' && <option value="">加载中</option>}
            {regions.list.map((r) => (
              <option key={r.code} value={r.code}>
                +{r.code} {r.name}
              </option>
            ))}
          </select>
        )}
        <input
          id="inv-phone"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={15}
          placeholder="请输入手机号"
          value={phone}
          onChange={(e) => setPhone(e.target.value.trim())}
        />
      </div>
      <label htmlFor="inv-code">验证码</label>
      <div className="inv-field">
        <input
          id="inv-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="6位验证码"
          value={code}
          onChange={(e) => setCode(e.target.value.trim())}
        />
        <button
          type="button"
          className="inv-btn inv-btn--ghost"
          onClick={sendCode}
          disabled={reg.sending || reg.resendIn > 0 || regions.status !== 'loaded'}
          style={{ minWidth: 108 }}
        >
          {codeLabel}
        </button>
      </div>
      <label htmlFor="inv-password">设置登录密码</label>
      <div className="inv-field">
        <input
          id="inv-password"
          type="password"
          autoComplete="new-password"
          maxLength={20}
          placeholder="6-20位，至少两种字符"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      <ul className="inv-rules" aria-label="密码规则">
        {checks.map((c) => (
          <li key={c.label} className={c.ok ? 'ok' : ''}>
            {c.ok ? '✓' : '○'} {c.label}
          </li>
        ))}
      </ul>
      <label className="inv-agree">
        <input type="checkbox" checked={agree} onChange={(e) => setAgree(e.target.checked)} />
        我已阅读并同意《会员服务协议》与《隐私政策》
      </label>
      <p className="inv-error" role="alert" data-testid="register-error">
        {problem ?? reg.codeError ?? reg.error ?? ''}
      </p>
      <button type="submit" className="inv-btn inv-btn--block" disabled={reg.status === 'submitting'}>
        {reg.status === 'submitting' ? '注册中…' : '立即注册'}
      </button>
    </form>
  );
}
