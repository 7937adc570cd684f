import { phoneProblem, smsCodeProblem } from '../../../lib/validators';
import { createRedactor } from '../redact';
import { withStandIns } from '../replay';

/** Redacted typed values replay as valid ones, so a sign-in log follows its recorded path. */
const redactor = createRedactor('salt');
const redacted = (action: unknown) =>
  JSON.parse(redactor.stringify(action)) as { type: string; payload: Record<string, unknown> };

test('a redacted phone and SMS code become a valid mainland mobile and six digits', () => {
  const action = redacted({ type: 'session/loginSubmitted', payload: { phone: '13912345678', code: '482913' } });
  expect(action.payload.phone).toMatch(/^\[phone:/);
  expect(action.payload.code).toMatch(/^\[code:/);
  const { payload } = withStandIns(action) as unknown as { payload: { phone: string; code: string } };
  expect(phoneProblem(payload.phone, { code: '86', minLength: 11, maxLength: 11 })).toBeNull();
  expect(smsCodeProblem(payload.code)).toBeNull();
  expect(payload.phone).not.toBe('13912345678');
});

test('the same placeholder always gets the same stand-in, different ones differ', () => {
  const a = withStandIns(redacted({ type: 'x', payload: { phone: '13912345678' } })) as unknown as {
    payload: { phone: string };
  };
  const b = withStandIns(redacted({ type: 'x', payload: { phone: '13912345678' } })) as unknown as {
    payload: { phone: string };
  };
  const c = withStandIns(redacted({ type: 'x', payload: { phone: '13800000000' } })) as unknown as {
    payload: { phone: string };
  };
  expect(a.payload.phone).toBe(b.payload.phone);
  expect(a.payload.phone).not.toBe(c.payload.phone);
});

test('anything else is passed through as the same object', () => {
  const plain = { type: 'lives/homeListOpened', payload: { uuid: 'u1', date: '2026-11-22' } };
  const token = { type: 'x', payload: { token: '[token:abcdefg]', name: '[name:abcdefg]' } };
  const noPayload = { type: 'lives/homeListRetried' };
  for (const action of [plain, token, noPayload]) expect(withStandIns(action)).toBe(action);
});

test('a dialling code is kept (the login reducer matches regions on it); an SMS code is not', () => {
  const out = redacted({
    type: 'session/loginRegionsLoaded',
    payload: { list: [{ code: '852', minLength: 8, maxLength: 8 }], sms: { code: '4829' } },
  });
  expect(out.payload).toMatchObject({ list: [{ code: '852' }], sms: { code: expect.stringMatching(/^\[code:/) } });
  expect(redactor.value({ code: '86' })).toEqual({ code: '86' });
  expect(redactor.route('/login?code=86&x=1')).toBe('/login?code=86&x=1');
});
