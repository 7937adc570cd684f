import Button from 'antd-mobile/es/components/button';
import { Link, useLocation } from 'react-router-dom';

import { currentContext } from '../../../../platform/context';
import { interactAuthConfirmed, interactAuthDeclined } from '../../store/live-room-slice';
import type { LoadError } from '../../store/types';
import { NotQualifiedWayOut } from './NotQualifiedWayOut';
import { QualifiedDeclaration } from './QualifiedDeclaration';
import { useQualificationForm } from './use-qualification-form';

import type { InteractAuth } from '@/api/contract/live-room';
import { COOLING_OFF_HOURS } from '@/api/contract/store-constants';
import { signInHref } from '@/features/session';
import { useAppDispatch } from '@/store';
import { RiskChip } from '@/ui/RiskChip';

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
 * the rule, assess), "我不符合" to the public content, and the cooling-off statement.
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
  const form = useQualificationForm();
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
          to={signInHref(currentContext(), `${here.pathname}${here.search}`)}
          replace
          data-testid="auth-signin"
        >
          登录后继续
        </Link>
      ) : refusal === 'not_qualified' ? (
        <QualifiedDeclaration form={form} busy={busy} />
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
