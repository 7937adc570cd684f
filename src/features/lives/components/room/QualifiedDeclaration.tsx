import Button from 'antd-mobile/es/components/button';

import { interactAuthConfirmed } from '../../store/live-room-slice';
import type { QualificationForm } from './use-qualification-form';

import { QUALIFIED_INVESTOR_RULE } from '@/api/contract/store-constants';
import { useAppDispatch } from '@/store';
import { QualificationFields } from '@/ui/QualificationFields';

/** 合格投资者确认: the basis by the rule, the amount, the truthfulness promise, then confirm. */
export function QualifiedDeclaration({ form, busy }: { form: QualificationForm; busy: boolean }) {
  const dispatch = useAppDispatch();
  const { basis, truthful, setTruthful, amount, short } = form;
  return (
    <div className="live-gate__form">
      <QualificationFields
        form={form}
        classes={{ check: 'live-gate__check', field: 'live-gate__field', error: 'live-gate__error' }}
        testId="auth"
      />
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
  );
}
