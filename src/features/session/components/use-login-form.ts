import { type ChangeEvent, type FormEvent, useEffect, useState } from 'react';

import {
  loginInputChanged,
  loginOpened,
  loginSubmitted,
  passwordLoginSubmitted,
  smsCodeRequested,
} from '../store/login-slice';
import type { selectLoginView } from '../store/selectors';

import { phoneProblem } from '@/lib/validators';
import { useAppDispatch } from '@/store';

/** What the login screen reads from the store. */
export type LoginView = ReturnType<typeof selectLoginView>;

/** The typed phone, code and password, the consent box, and what sending a code or submitting does with them. */
export function useLoginForm(view: LoginView) {
  const dispatch = useAppDispatch();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  // Editing a field clears its error and a failed submit: never two contradicting messages.
  const edit =
    (field: 'phone' | 'code' | 'password', set: (value: string) => void) => (e: ChangeEvent<HTMLInputElement>) => {
      set(e.target.value);
      dispatch(loginInputChanged({ field }));
    };
  // 用户协议 and 隐私政策 are agreed to before a code is sent. The number is checked first: someone who has not
  // typed it yet is told to type it, not to tick a box (the reducers refuse a bad number without sending).
  const [agreed, setAgreed] = useState(false);
  const [consentError, setConsentError] = useState(false);
  const consentMissing = () => {
    if (agreed || phoneProblem(phone.trim(), view.region) !== null) return false;
    setConsentError(true);
    return true;
  };
  const requestCode = () => {
    if (consentMissing()) return;
    dispatch(smsCodeRequested({ phone: phone.trim() }));
  };

  useEffect(() => {
    dispatch(loginOpened());
  }, [dispatch]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (consentMissing()) return;
    if (view.mode === 'password') dispatch(passwordLoginSubmitted({ phone: phone.trim(), password }));
    else dispatch(loginSubmitted({ phone: phone.trim(), code: code.trim() }));
  };
  const agree = (checked: boolean) => {
    setAgreed(checked);
    if (checked) setConsentError(false);
  };
  return {
    phone,
    code,
    password,
    onPhone: edit('phone', setPhone),
    onCode: edit('code', setCode),
    onPassword: edit('password', setPassword),
    agreed,
    agree,
    consentError,
    requestCode,
    submit,
  };
}
