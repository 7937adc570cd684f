import { type FormEvent, useState } from 'react';

import { invitationEvents as ev, selectIdentity } from '../store/invitation-slice';
import { TextField } from './TextField';

import { isValidResidentId, normaliseResidentId } from '@/lib/resident-id';
import { useAppDispatch, useAppSelector } from '@/store';
import { PolicyHint, usePolicyAdvice } from '@/ui/PolicyHint';

const HINT = { error: 'inv-error', note: 'inv-note' };

/** Why the typed identity is refused before it is sent (the server checks the same again). */
export function identityProblem(realName: string, idNumber: string): string | null {
  if (!/^[\u4e00-\u9fa5·]{2,20}$/.test(realName.trim())) return '请输入身份证上的中文姓名';
  if (!isValidResidentId(normaliseResidentId(idNumber))) return '身份证号码有误，请核对后重新输入';
  return null;
}

/**
 * Identity verification: real name and resident ID (checksum checked as you submit). Verifying
 * is what makes the inviter's reward eligible; only a masked number is kept.
 */
export function IdentityForm({
  verified,
  idNumber,
  folded = false,
}: {
  verified: boolean;
  idNumber: string | null;
  folded?: boolean;
}) {
  const dispatch = useAppDispatch();
  const identity = useAppSelector(selectIdentity);
  const [open, setOpen] = useState(!folded);
  const [realName, setRealName] = useState('');
  const [id, setId] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // A name is shown to invitees and on the public Q&A: the content policy's reason shows as it is typed.
  const advice = usePolicyAdvice(realName, 'name');
  if (verified) {
    return (
      <section className="inv-card" data-testid="identity-done">
        <h2>实名认证</h2>
        <p>已完成实名认证{idNumber ? `（${idNumber}）` : ''}</p>
      </section>
    );
  }
  if (!open) {
    // On /record the form waits behind one line, so the records stay near the top.
    return (
      <section className="inv-card inv-row" data-testid="identity-folded">
        <span>尚未实名认证，实名后邀请人可得奖励</span>
        <button type="button" className="inv-btn inv-btn--ghost" onClick={() => setOpen(true)}>
          去认证
        </button>
      </section>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const p = advice.refusal ?? identityProblem(realName, id);
    setProblem(p);
    if (!p) dispatch(ev.identitySubmitted({ realName: realName.trim(), idNumber: normaliseResidentId(id) }));
  };
  return (
    <form className="inv-card inv-form" onSubmit={submit} noValidate aria-label="实名认证" data-testid="identity-form">
      <h2>完成实名认证</h2>
      <p className="inv-note">实名后邀请你的好友可获得奖励；身份证号仅用于核验，只保存部分号码。</p>
      <TextField
        id="inv-realname"
        label="姓名"
        autoComplete="name"
        maxLength={20}
        placeholder="身份证上的姓名"
        value={realName}
        onChange={(e) => setRealName(e.target.value)}
      />
      {!problem && <PolicyHint advice={advice} className={HINT} />}
      <TextField
        id="inv-idnumber"
        label="身份证号"
        autoComplete="off"
        maxLength={18}
        placeholder="18位身份证号"
        value={id}
        onChange={(e) => setId(e.target.value.trim())}
      />
      <p className="inv-error" role="alert" data-testid="identity-error">
        {problem ?? identity.error ?? ''}
      </p>
      <button type="submit" className="inv-btn inv-btn--block" disabled={identity.status === 'submitting'}>
        {identity.status === 'submitting' ? '认证中…' : '提交认证'}
      </button>
    </form>
  );
}
