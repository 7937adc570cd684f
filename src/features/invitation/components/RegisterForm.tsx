import { RegisterPhoneField } from './RegisterPhoneField';
import { RegisterSecretFields } from './RegisterSecretFields';
import { useRegisterForm } from './use-register-form';

/** Register: region from liveCommonPhoneRegion, SMS code with a resend countdown, password rules as you type. */
export function RegisterForm() {
  const form = useRegisterForm();
  const { reg, agree, setAgree, problem, submit } = form;
  return (
    <form className="inv-card inv-form" onSubmit={submit} noValidate aria-label="注册会员">
      <h2>注册成为会员</h2>
      <RegisterPhoneField form={form} />
      <RegisterSecretFields form={form} />
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
