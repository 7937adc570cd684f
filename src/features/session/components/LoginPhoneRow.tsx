import type { ChangeEvent } from 'react';

import { loginOpened, loginRegionPicked } from '../store/login-slice';
import { LoginField } from './LoginField';
import type { LoginView } from './use-login-form';

import { useAppDispatch } from '@/store';

interface LoginPhoneRowProps {
  view: LoginView;
  phone: string;
  onPhone(e: ChangeEvent<HTMLInputElement>): void;
}

/** The phone region (loaded from the server, with a retry) and the number. */
export function LoginPhoneRow({ view, phone, onPhone }: LoginPhoneRowProps) {
  const dispatch = useAppDispatch();
  return (
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
        onChange={onPhone}
      />
    </LoginField>
  );
}
