import fc from 'fast-check';

import { createRedactor, isPlaceholder } from '../redact';

const secrets = {
  token: 'tok-9f8e7d6c5b4a',
  signature: 'a3f1c2d4e5f60718293a4b5c6d7e8f90',
  phone: '13812345678',
  idCard: '11010519491231002X',
  smsCode: '482913',
  realName: '张三丰',
  jwt: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl',
};

/** A slice shape nobody wrote the redactor for: deny-listed keys anywhere, values in free text. */
const action = {
  type: 'session/signedIn',
  payload: {
    user: { token: secrets.token, employee_id: 'E100', real_name: secrets.realName, mobile: Number(secrets.phone) },
    headers: { 'X-Signature': secrets.signature },
    form: { phone: secrets.phone, sms_code: secrets.smsCode, id_card: secrets.idCard, code: secrets.smsCode },
    note: `客户 ${secrets.phone} 证件 ${secrets.idCard} 令牌 Bearer ${secrets.jwt}`,
    error: { code: 210001, message: 'session invalid' },
    list: [{ idNumber: secrets.idCard, name: secrets.realName }],
  },
};

describe('redaction', () => {
  const redactor = createRedactor('salt-1');
  const out = redactor.value(action);
  const text = JSON.stringify(out);

  test('no token, signature, phone, ID number, SMS code or name survives anywhere', () => {
    for (const [what, value] of Object.entries(secrets)) {
      expect([what, text.includes(value)]).toEqual([what, false]);
    }
  });

  test('placeholders are stable: the same value reads the same, different values differ', () => {
    const again = JSON.stringify(createRedactor('salt-1').value(action));
    expect(again).toBe(text);
    const p = out as { payload: { form: { phone: string }; user: { mobile: string }; list: Array<{ name: string }> } };
    expect(isPlaceholder(p.payload.form.phone)).toBe(true);
    expect(p.payload.form.phone).toBe(p.payload.user.mobile);
    expect(p.payload.list[0]?.name).toBe((out as { payload: { user: { real_name: string } } }).payload.user.real_name);
    // Another session's salt gives other labels, so labels cannot be matched across logs.
    expect(JSON.stringify(createRedactor('salt-2').value(action))).not.toBe(text);
  });

  test('what debugging needs stays: types, numeric error codes, ids that are not personal', () => {
    const p = out as { type: string; payload: { error: { code: number }; user: { employee_id: string } } };
    expect(p.type).toBe('session/signedIn');
    expect(p.payload.error.code).toBe(210001);
    expect(p.payload.user.employee_id).toBe('E100');
  });

  test('an empty list or object under a listed key is kept, a filled one is replaced, in both passes', () => {
    const state = { search: { recent: [], keyword: '', filters: {} }, other: { recent: ['张三丰'], note: { a: 1 } } };
    for (const read of [
      (v: unknown) => redactor.value(v),
      (v: unknown) => JSON.parse(redactor.stringify(v)) as unknown,
    ]) {
      const r = read(state) as { search: { recent: unknown }; other: { recent: unknown; note: unknown } };
      expect(r.search.recent).toEqual([]);
      expect(isPlaceholder(r.other.recent)).toBe(true);
      expect(isPlaceholder(r.other.note)).toBe(true);
    }
  });

  test('routes: deny-listed query values and patterns are replaced, the rest kept', () => {
    const r = redactor.route(
      `/login?code=${secrets.smsCode}&redirect=%2F&uuid=u1&token=${secrets.token}&tel=${secrets.phone}`,
    );
    expect(r).toMatch(/^\/login\?code=%5Bcode%3A[0-9a-z]{7}%5D&redirect=%2F&uuid=u1&token=%5Btoken/);
    for (const v of [secrets.smsCode, secrets.token, secrets.phone]) expect(r).not.toContain(v);
  });

  test('any phone number or 18-digit ID inside any string is replaced (property)', () => {
    const phone = fc
      .tuple(fc.constantFrom('3', '5', '7', '8', '9'), fc.stringMatching(/^\d{9}$/))
      .map(([b, rest]) => `1${b}${rest}`);
    fc.assert(
      fc.property(phone, fc.string(), fc.string(), (p, before, after) => {
        const safeBefore = before.replace(/\d/g, 'a');
        const safeAfter = after.replace(/\d/g, 'b');
        const redacted = JSON.stringify(redactor.value({ anyKey: `${safeBefore}${p}${safeAfter}` }));
        return !redacted.includes(p);
      }),
    );
  });

  test("a fault's error-service event id and the recording id survive; the same shape elsewhere does not", () => {
    const eventId = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';
    const entry = {
      type: '@@actionLog/fault',
      payload: {
        source: 'uncaught',
        message: `TypeError: signature ${secrets.signature} rejected`,
        stack: null,
        eventId,
        trigger: 'live/joined',
      },
      meta: { recordingId: 'r8Kq2ZpX', headers: { 'X-Signature': eventId }, ref: eventId },
    };
    for (const [how, json] of [
      ['value', JSON.stringify(redactor.value(entry))],
      ['stringify', redactor.stringify(entry)],
    ] as const) {
      const back = JSON.parse(json) as typeof entry;
      expect([how, back.payload.eventId, back.meta.recordingId]).toEqual([how, eventId, 'r8Kq2ZpX']);
      // The same 32-hex shape under another key, or a signature in the message, is still a secret.
      expect([how, isPlaceholder(back.meta.headers['X-Signature']), back.meta.ref]).toEqual([
        how,
        true,
        expect.stringMatching(/^\[signature:[0-9a-z]{7}\]$/),
      ]);
      expect([how, back.payload.message.includes(secrets.signature)]).toEqual([how, false]);
    }
    // Free text put under the kept key is still scanned: only a plain id shape is kept.
    const odd = redactor.value({ eventId: `call ${secrets.phone}` }) as { eventId: string };
    expect(odd.eventId).not.toContain(secrets.phone);
  });
});
