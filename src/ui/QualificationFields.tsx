import { QUALIFICATION_BASIS_TEXT as BASIS_TEXT, type QualificationBasis } from '@/api/contract/store-constants';

/** What the fields read and set: the chosen test, the amount as typed in 万元, and what is wrong with it. */
export interface QualificationFieldsForm {
  basis: QualificationBasis | null;
  setBasis(b: QualificationBasis): void;
  wan: string;
  setWan(text: string): void;
  bad: boolean;
  short: boolean;
}

/**
 * The qualified-investor test (financial assets or average income) and its amount, as the store's private-fund
 * contract and the live room's gate both ask it; each page styles it with its own classes. `testId` prefixes
 * the test ids of the page that has them.
 */
export function QualificationFields({
  form,
  classes,
  testId,
}: {
  form: QualificationFieldsForm;
  classes: { check: string; field: string; error: string };
  testId?: string;
}) {
  const { basis, setBasis, wan, setWan, bad, short } = form;
  return (
    <>
      {(Object.keys(BASIS_TEXT) as QualificationBasis[]).map((b) => (
        <label className={classes.check} key={b}>
          <input
            type="radio"
            name="basis"
            checked={basis === b}
            onChange={() => setBasis(b)}
            data-testid={testId && `${testId}-basis-${b}`}
          />
          {BASIS_TEXT[b].label}
        </label>
      ))}
      {basis && (
        <label className={classes.field}>
          <span>{BASIS_TEXT[basis].field}</span>
          <input
            inputMode="decimal"
            value={wan}
            onChange={(e) => setWan(e.target.value)}
            placeholder={`不低于 ${BASIS_TEXT[basis].min / 10000}`}
            maxLength={12}
            aria-invalid={bad || short}
            data-testid={testId && `${testId}-amount`}
          />
        </label>
      )}
      {bad && <p className={classes.error}>请输入金额（万元），最多两位小数</p>}
    </>
  );
}
