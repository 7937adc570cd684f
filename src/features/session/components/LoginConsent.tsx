/** 用户协议 and 隐私政策, agreed to before a code is sent or the form submitted; the error shows when not. */
export function LoginConsent({
  agreed,
  agree,
  error,
}: {
  agreed: boolean;
  agree(checked: boolean): void;
  error: boolean;
}) {
  return (
    <>
      <label className="login-consent">
        <input type="checkbox" checked={agreed} onChange={(e) => agree(e.target.checked)} />
        <span>
          我已阅读并同意<a href="#agreement">《用户协议》</a>和<a href="#privacy">《隐私政策》</a>
        </span>
      </label>
      {error && (
        <p className="login-field-error" role="alert" data-testid="consent-error">
          请先阅读并同意《用户协议》和《隐私政策》
        </p>
      )}
    </>
  );
}
