import { invitationEvents as ev } from '../store/invitation-slice';
import type { RegisterFormState } from './use-register-form';

import { useAppDispatch } from '@/store';

/** 手机号: the region (a retry when the regions failed to load) and the number. */
export function RegisterPhoneField({ form }: { form: RegisterFormState }) {
  const dispatch = useAppDispatch();
  const { regions, region, setRegionCode, phone, setPhone } = form;
  return (
    <>
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
    </>
  );
}
