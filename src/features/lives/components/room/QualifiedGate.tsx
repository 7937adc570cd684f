import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';

import { interactAuthConfirmed, interactAuthDeclined } from '../../store/live-room-slice';
import type { LoadError } from '../../store/types';
import { NotQualifiedWayOut } from './NotQualifiedWayOut';

import type { InteractAuth } from '@/api/contract/live-room';
import {
  COOLING_OFF_HOURS,
  meetsQualification,
  type QualificationBasis,
  QUALIFIED_ASSETS_MIN,
  QUALIFIED_INCOME_MIN,
  QUALIFIED_INVESTOR_RULE,
} from '@/api/contract/store-constants';
import { getHref } from '@/routes';
import { useAppDispatch } from '@/store';
import { RiskChip } from '@/ui/RiskChip';

const BASIS_TEXT: Record<QualificationBasis, { label: string; field: string; min: number }> = {
  assets: { label: '本人金融资产不低于300万元', field: '您的金融资产（万元）', min: QUALIFIED_ASSETS_MIN },
  income: {
    label: '本人最近三年个人年均收入不低于50万元',
    field: '最近三年个人年均收入（万元）',
    min: QUALIFIED_INCOME_MIN,
  },
};
const HEADINGS: Record<NonNullable<InteractAuth['refusal']>, string> = {
  not_signed_in: '请先登录',
  not_qualified: '合格投资者确认',
  not_assessed: '请先完成风险测评',
  expired: '风险测评已过期',
  too_low: '风险等级不匹配',
};
const COOLING_OFF = `购买私募基金签署合同后享有${COOLING_OFF_HOURS}小时投资冷静期：冷静期内可无条件解除合同并全额退款，管理人不会主动联系您。`;

/**
 * The private-fund room's gate: the server's reason it is shut and the way to fix it (sign in, declare by
 * the rule, assess), "我不符合" to the public content, and the cooling-off statement. The amount is held
 * against the rule here only to say so early; the server decides.
 */
export function QualifiedGate({
  title,
  auth,
  status,
  error,
}: {
  title: string;
  auth: InteractAuth;
  status: 'idle' | 'confirming' | 'failed';
  error: LoadError | null;
}) {
  const dispatch = useAppDispatch();
  const here = useLocation();
  const [basis, setBasis] = useState<QualificationBasis | null>(null);
  const [wan, setWan] = useState('');
  const [truthful, setTruthful] = useState(false);
  const amount = /^\d{1,9}(\.\d{1,2})?$/.test(wan.trim()) ? Math.round(Number(wan.trim()) * 10000) : null;
  const short = basis !== null && amount !== null && !meetsQualification(basis, amount);
  const bad = wan.trim() !== '' && amount === null;
  const refusal = auth.refusal ?? 'not_qualified';
  const busy = status === 'confirming';
  return (
    <section className="live-gate" aria-label="合格投资者确认">
      <h1>{title}</h1>
      <p>本场直播涉及私募基金，仅向合格投资者展示，且您的风险承受能力须与产品风险等级相匹配。</p>
      {auth.product_level && (
        <p className="live-gate__level">
          直播间私募产品最高风险等级 <RiskChip level={auth.product_level} />
        </p>
      )}
      <h2 className="live-gate__heading">{HEADINGS[refusal]}</h2>
      {auth.message && (
        <p className="live-gate__reason" role="status" data-testid="auth-refusal">
          {auth.message}
        </p>
      )}
      {refusal === 'not_signed_in' ? (
        <Link
          className="live-gate__signin"
          to={getHref('login', {}, { redirect: `${here.pathname}${here.search}` })}
          data-testid="auth-signin"
        >
          登录后继续
        </Link>
      ) : refusal === 'not_qualified' ? (
        <div className="live-gate__form">
          {(Object.keys(BASIS_TEXT) as QualificationBasis[]).map((b) => (
            <label className="live-gate__check" key={b}>
              <input
                type="radio"
                name="basis"
                checked={basis === b}
                onChange={() => setBasis(b)}
                data-testid={`auth-basis-${b}`}
              />
              {BASIS_TEXT[b].label}
            </label>
          ))}
          {basis && (
            <label className="live-gate__field">
              <span>{BASIS_TEXT[basis].field}</span>
              <input
                inputMode="decimal"
                value={wan}
                onChange={(e) => setWan(e.target.value)}
                placeholder={`不低于 ${BASIS_TEXT[basis].min / 10000}`}
                maxLength={12}
                aria-invalid={bad || short}
                data-testid="auth-amount"
              />
            </label>
          )}
          {bad && <p className="live-gate__error">请输入金额（万元），最多两位小数</p>}
          {short && (
            <p className="live-gate__error">
              按您填写的金额，暂不符合合格投资者条件（{QUALIFIED_INVESTOR_RULE}）。如确实不符合，请选择「我不符合」。
            </p>
          )}
          <label className="live-gate__check">
            <input
              type="checkbox"
              checked={truthful}
              onChange={(e) => setTruthful(e.target.checked)}
              data-testid="auth-truthful"
            />
            本人承诺以上信息真实、准确，已知悉私募基金可能损失全部本金
          </label>
          <Button
            block
            color="primary"
            loading={busy}
            disabled={!basis || amount === null || short || !truthful}
            onClick={() => {
              if (basis && amount !== null) dispatch(interactAuthConfirmed({ basis, amount }));
            }}
            data-testid="auth-confirm"
          >
            确认并进入直播间
          </Button>
        </div>
      ) : (
        // Assessed elsewhere (the app or the adviser): ask the gate again once done.
        <Button
          block
          color="primary"
          loading={busy}
          onClick={() => {
            dispatch(interactAuthConfirmed());
          }}
          data-testid="auth-recheck"
        >
          已完成测评，重新核对
        </Button>
      )}
      {error && <p role="alert">{error.message}</p>}
      <p className="live-gate__notice">{COOLING_OFF}</p>
      <NotQualifiedWayOut
        onDecline={auth.refusal === 'not_signed_in' ? undefined : () => dispatch(interactAuthDeclined())}
      />
    </section>
  );
}
