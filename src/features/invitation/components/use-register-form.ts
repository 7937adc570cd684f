import { type FormEvent, useEffect, useState } from 'react';

import { invitationEvents as ev, selectRegions, selectRegister } from '../store/invitation-slice';

import { phoneProblem, smsCodeProblem } from '@/lib/validators';
import { useAppDispatch, useAppSelector } from '@/store';

/** Password rules (docs/rules/validation.md#passwords), each shown as met or not while typing. */
export function passwordChecks(value: string): Array<{ label: string; ok: boolean }> {
  const chars = [...value];
  const classes = [/\d/, /[A-Za-z]/, /[^A-Za-z\d]/].filter((re) => chars.some((c) => re.test(c))).length;
  return [
    { label: '6-20位', ok: chars.length >= 6 && chars.length <= 20 },
    { label: '数字、字母、符号至少两种', ok: classes >= 2 },
  ];
}

/** The register form as typed, the region it resolves to, and what sending a code or submitting does. */
export function useRegisterForm() {
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
  return {
    regions,
    reg,
    region,
    setRegionCode,
    phone,
    setPhone,
    code,
    setCode,
    password,
    setPassword,
    checks,
    agree,
    setAgree,
    problem,
    sendCode,
    submit,
  };
}

/** What the form's parts read and set. */
export type RegisterFormState = ReturnType<typeof useRegisterForm>;
