import fc from 'fast-check';

import { createRedactor, isPlaceholder, PLACEHOLDER } from '../redact';

/** Every key name whose value is always replaced, by the placeholder kind it gets. */
const DENIED: Record<string, string[]> = {
  token: [
    'token',
    'accesstoken',
    'usertoken',
    'wechattoken',
    'mgmtoken',
    'refreshtoken',
    'authorization',
    'cookie',
    'sid',
    'accountid',
    'fpcode',
    'ticket',
    'jsapiticket',
  ],
  signature: ['signature', 'sign', 'xsignature', 'password', 'pwd', 'secret', 'aeskey', 'privatekey'],
  phone: ['phone', 'mobile', 'tel', 'telephone', 'phonenumber', 'mobilephone', 'phoneno', 'mobileno', 'phonemasked'],
  id: ['idcard', 'idnumber', 'idno', 'certno', 'certnumber', 'identitycard', 'unionid', 'openid'],
  code: ['smscode', 'verifycode', 'phonecode', 'authcode', 'wxcode', 'captcha', 'otp'],
  name: [
    'name',
    'realname',
    'username',
    'nickname',
    'truename',
    'fullname',
    'customername',
    'contactname',
    'employeename',
    'nick',
    'displayname',
    'advisername',
  ],
  value: ['note', 'ignoretext', 'keyword', 'recent', 'matchedtext'],
};
const DENIED_KEYS = Object.values(DENIED).flat();

const r = createRedactor('salt-r');
const ph = (kind: string, value: unknown) => r.placeholder(kind, value);

describe('placeholders', () => {
  it('are [kind:FNV-1a of salt and value in base 36, 7 characters]', () => {
    const bare = createRedactor('');
    // FNV-1a 32-bit test vectors: "a" → 0xe40c292c, "foobar" → 0xbf9cf968, "" → the offset basis 0x811c9dc5.
    expect(bare.placeholder('x', 'a')).toBe('[x:1r9wi7g]');
    expect(bare.placeholder('x', 'foobar')).toBe('[x:1h5yxyg]');
    // The offset basis has 6 digits in base 36: padded to 7.
    expect(bare.placeholder('x', '')).toBe('[x:0ztntfp]');
    expect(createRedactor('foo').placeholder('x', 'bar')).toBe('[x:1h5yxyg]');
    expect(bare.placeholder('phone', 13812345678)).toBe(bare.placeholder('phone', '13812345678'));
  });

  it('are recognised exactly', () => {
    for (const kind of ['token', 'signature', 'phone', 'id', 'code', 'name', 'value'])
      expect(isPlaceholder(`[${kind}:0ztntfp]`)).toBe(true);
    for (const not of [
      '[other:0ztntfp]',
      '[phone:0ztntf]',
      '[phone:0ztntfpq]',
      '[phone:0ZTNTFP]',
      'x[phone:0ztntfp]',
      '[phone:0ztntfp]x',
    ])
      expect([not, isPlaceholder(not)]).toEqual([not, false]);
    expect(isPlaceholder(12)).toBe(false);
    expect(PLACEHOLDER.test('[name:abc1234]')).toBe(true);
  });
});

describe('deny-listed keys', () => {
  it('every listed key, in any case and with _ or -, has its value replaced by its kind', () => {
    for (const [kind, keys] of Object.entries(DENIED)) {
      for (const key of keys) {
        const spaced = key.length > 3 ? `${key.slice(0, 2).toUpperCase()}_${key.slice(2, 3)}-${key.slice(3)}` : key;
        for (const k of [key, spaced]) {
          expect([k, r.value({ [k]: 'value-1' })]).toEqual([k, { [k]: ph(kind, 'value-1') }]);
          expect([k, r.stringify({ [k]: 'value-1' })]).toEqual([k, JSON.stringify({ [k]: ph(kind, 'value-1') })]);
        }
      }
    }
  });

  it('numbers and objects under a listed key too; empty, null and placeholders stay', () => {
    expect(r.value({ sid: 12345, name: { first: '三', last: '张' } })).toEqual({
      sid: ph('token', 12345),
      name: ph('name', JSON.stringify({ first: '三', last: '张' })),
    });
    expect(r.stringify({ sid: 12345, name: { first: '三', last: '张' } })).toBe(
      JSON.stringify({ sid: ph('token', 12345), name: ph('name', JSON.stringify({ first: '三', last: '张' })) }),
    );
    const kept = { phone: '', token: null, name: ph('name', '张三'), note: undefined };
    expect(r.value(kept)).toEqual({ phone: '', token: null, name: ph('name', '张三') });
    expect(r.stringify(kept)).toBe(JSON.stringify({ phone: '', token: null, name: ph('name', '张三') }));
  });

  it('other keys keep their values, even close ones', () => {
    const plain = { title: '直播', names: 'a-b', phones: 3, tokens: 'x', codes: 'abcd', uuid: 'u1', status: 'ok' };
    expect(r.value(plain)).toEqual(plain);
    expect(r.stringify(plain)).toBe(JSON.stringify(plain));
  });

  it('`code` only as a string of 4 or more characters: a dialling code and an error number stay', () => {
    expect(r.value({ code: '4829' })).toEqual({ code: ph('code', '4829') });
    expect(r.stringify({ code: '4829' })).toBe(JSON.stringify({ code: ph('code', '4829') }));
    expect(r.value({ code: '852', Code: 210001 })).toEqual({ code: '852', Code: 210001 });
    expect(r.stringify({ code: '852', Code: 210001 })).toBe('{"code":"852","Code":210001}');
    expect(r.value({ code: { a: 'abcd' } })).toEqual({ code: { a: 'abcd' } });
    expect(r.stringify({ code: { a: 'abcd' } })).toBe('{"code":{"a":"abcd"}}');
  });
});

describe('patterns inside any text', () => {
  const cases: Array<[string, string, string]> = [
    ['a JWT', 'eyJhbGciOi.eyJzdWIiOi.c2ln', 'token'],
    ['a JWT without its signature', 'eyJhbGciOi.eyJzdWIiOi.', 'token'],
    ['a bearer token', 'Bearer abcdefgh.12/+=~-', 'token'],
    ['a bearer token in lower case', 'bearer   abcdefgh', 'token'],
    ['an 18-digit ID number', '11010519491231002X', 'id'],
    ['an 18-digit ID number with a small x', '11010519491231002x', 'id'],
    ['a 15-digit ID number', '110105491231002', 'id'],
    ['a mobile number', '13812345678', 'phone'],
    ['a mobile number with +86', '+86 13812345678', 'phone'],
    ['a mobile number with 86-', '86-19912345678', 'phone'],
    ['a mobile number with +86 and nothing between', '+8615512345678', 'phone'],
    ['a 32-character hex signature', 'a3f1c2d4e5f60718293a4b5c6d7e8f90', 'signature'],
    ['a 40-character upper-case hex signature', 'A3F1C2D4E5F60718293A4B5C6D7E8F90A1B2C3D4', 'signature'],
  ];
  it.each(cases)('%s is replaced, the words around it kept', (_what, secret, kind) => {
    expect(r.value(`见 ${secret} 。`)).toBe(`见 ${ph(kind, secret)} 。`);
    expect(r.stringify({ t: `见 ${secret} 。` })).toBe(JSON.stringify({ t: `见 ${ph(kind, secret)} 。` }));
  });

  it('near misses of the patterns are not taken for them; a bare run of seven digits or more is a number', () => {
    for (const kept of [
      'eyJabc.eyJdef.x',
      'Bearer abcdefg',
      'a3f1c2d4e5f60718293a4b5c6d7e8f9',
      'g3f1c2d4e5f60718293a4b5c6d7e8f90',
      'A11010519491231002X',
      '11010519491231002XY',
    ]) {
      expect([kept, r.value(`见 ${kept} 。`)]).toEqual([kept, `见 ${kept} 。`]);
      expect([kept, r.stringify({ t: kept })]).toEqual([kept, JSON.stringify({ t: kept })]);
    }
    for (const numberLike of [
      '1101051949123100',
      '11010519491231002-',
      '1234567890123456',
      '12812345678',
      '138123456789',
    ]) {
      const out = r.value(`见 ${numberLike} 。`) as string;
      expect([numberLike, out]).toEqual([numberLike, expect.stringMatching(/\[number:[0-9a-z]{7}\]/)]);
      expect(out).not.toMatch(/\d{7}/);
      expect(r.stringify({ t: numberLike })).toBe(JSON.stringify({ t: out.slice(2, -2) }));
    }
  });

  it('every occurrence, not only the first', () => {
    expect(r.value('13812345678 与 13912345678')).toBe(
      `${ph('phone', '13812345678')} 与 ${ph('phone', '13912345678')}`,
    );
  });
});

describe('numbers, errors, functions and depth', () => {
  it('an 11-digit number starting 13-19 is a phone; the bounds and other numbers stay', () => {
    expect(r.value({ n: 13812345678 })).toEqual({ n: ph('phone', 13812345678) });
    expect(r.value({ n: 19999999999 })).toEqual({ n: ph('phone', 19999999999) });
    expect(r.value({ n: 13000000001 })).toEqual({ n: ph('phone', 13000000001) });
    for (const n of [13000000000, 12999999999, 20000000000, 13812345678.5, 1381234567, 0, -13812345678]) {
      expect([n, r.value({ n })]).toEqual([n, { n }]);
      expect([n, r.stringify({ n })]).toEqual([n, JSON.stringify({ n })]);
    }
    expect(r.stringify({ n: 13812345678 })).toBe(JSON.stringify({ n: ph('phone', 13812345678) }));
    expect(r.stringify([13812345678])).toBe(JSON.stringify([ph('phone', 13812345678)]));
    expect(r.value(13812345678)).toBe(ph('phone', 13812345678));
  });

  it('errors become name and redacted message; functions and symbols are dropped (null in a list)', () => {
    const err = new TypeError('call 13812345678 failed');
    expect(r.value({ err })).toEqual({
      err: { name: 'TypeError', message: `call ${ph('phone', '13812345678')} failed` },
    });
    expect(r.stringify({ err })).toBe(
      JSON.stringify({ err: { name: 'TypeError', message: `call ${ph('phone', '13812345678')} failed` } }),
    );
    expect(r.value(err)).toEqual({ name: 'TypeError', message: `call ${ph('phone', '13812345678')} failed` });
    const fn = () => 1;
    expect(r.value({ fn, s: Symbol('s'), ok: true, none: null, list: [fn, 1] })).toEqual({
      ok: true,
      none: null,
      list: [null, 1],
    });
    expect(r.value(fn)).toBeUndefined();
    expect(Object.keys(r.value({ fn, a: 1 }) as object)).toEqual(['a']);
    expect(r.stringify({ a: undefined, b: true })).toBe('{"b":true}');
    expect(r.value(true)).toBe(true);
  });

  it('stops 40 levels down', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 45; i++) deep = { d: deep };
    let out = r.value(deep) as { d: unknown };
    let level = 0;
    while (typeof out === 'object') {
      out = out.d as { d: unknown };
      level++;
    }
    expect([level, out]).toEqual([41, '[depth]']);
    let list: unknown = 'leaf';
    for (let i = 0; i < 45; i++) list = [list];
    expect(JSON.stringify(r.value(list))).toBe(`${'['.repeat(41)}"[depth]"${']'.repeat(41)}`);
    let shallow: unknown = '13812345678';
    for (let i = 0; i < 40; i++) shallow = { d: shallow };
    expect(JSON.stringify(r.value(shallow))).toContain(ph('phone', '13812345678'));
  });
});

describe('stringify', () => {
  it('needs no redaction → plain JSON; something deep down → redacted', () => {
    const plain = { a: [1, 'x', { b: null, c: true }], d: 1e9 };
    expect(r.stringify(plain)).toBe(JSON.stringify(plain));
    expect(r.stringify({ a: [1, { b: ['x', { phone: '1' }] }] })).toBe(
      JSON.stringify({ a: [1, { b: ['x', { phone: ph('phone', '1') }] }] }),
    );
    expect(r.stringify({ a: [1, ['x', '13812345678']] })).toBe(
      JSON.stringify({ a: [1, ['x', ph('phone', '13812345678')]] }),
    );
    expect(r.stringify({ a: { b: { c: 13812345678 } } })).toBe(
      JSON.stringify({ a: { b: { c: ph('phone', 13812345678) } } }),
    );
    expect(r.stringify({ at: { toJSON: () => 'Bearer abcdefgh' } })).toBe(
      JSON.stringify({ at: ph('token', 'Bearer abcdefgh') }),
    );
    expect(r.stringify('13812345678')).toBe(JSON.stringify(ph('phone', '13812345678')));
    expect(r.stringify(null)).toBe('null');
  });

  it('inherited keys are not read', () => {
    const proto = { phone: '13812345678' };
    const child = Object.create(proto) as Record<string, unknown>;
    child.a = 1;
    expect(r.stringify(child)).toBe('{"a":1}');
  });

  it('is JSON.stringify of value() for any JSON data with deny-listed keys (property)', () => {
    const key = fc.oneof(
      fc.constantFrom(...DENIED_KEYS, 'code', 'Sms_Code', 'title', 'id', 'n'),
      fc.string({ maxLength: 6 }),
    );
    const leaf = fc.oneof(
      fc.string(),
      fc.constantFrom('13812345678', '852', '4829', 'eyJhbGciOi.eyJzdWIiOi.c2ln', '', 'Bearer abcdefgh'),
      fc.integer(),
      fc.constantFrom(13812345678, 13000000000, 210001),
      fc.boolean(),
      fc.constant(null),
    );
    const data = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, leaf, tie('list'), tie('object')),
      list: fc.array(tie('node'), { maxLength: 4 }),
      object: fc.dictionary(key, tie('node'), { maxKeys: 4 }),
    })).node;
    fc.assert(
      fc.property(data, (v) => {
        expect(r.stringify(v)).toBe(JSON.stringify(r.value(v)));
      }),
      { numRuns: 300 },
    );
  });
});

describe('routes', () => {
  it('a route without a query is redacted as text', () => {
    expect(r.route('/customer/13812345678')).toBe(`/customer/${ph('phone', '13812345678')}`);
    expect(r.route('/home')).toBe('/home');
  });

  it('listed query keys (decoded) are replaced, encoded; the fragment and the rest are kept', () => {
    const out = r.route('/a?x=1&Sms_Code=4829&%74oken=abc+def&flag&code=86&redirect=%2Fb#frag?token=zz');
    expect(out).toBe(
      `/a?x=1&Sms_Code=${encodeURIComponent(ph('code', '4829'))}&%74oken=${encodeURIComponent(
        ph('token', 'abc def'),
      )}&flag&code=86&redirect=%2Fb#frag?token=zz`,
    );
  });

  it('a query word without a value is kept, even one that starts like a listed key', () => {
    expect(r.route('/a?tokens&x=1')).toBe('/a?tokens&x=1');
  });

  it('a bare query (no path before the ?) is still a query', () => {
    expect(r.route('?token=abc')).toBe(`?token=${encodeURIComponent(ph('token', 'abc'))}`);
  });

  it('a value that does not decode is taken as written', () => {
    expect(r.route('/a?token=%E0%A4%A')).toBe(`/a?token=${encodeURIComponent(ph('token', '%E0%A4%A'))}`);
  });

  it('patterns anywhere in the route, fragment included', () => {
    expect(r.route('/a?q=13812345678#13912345678')).toBe(
      `/a?q=${ph('phone', '13812345678')}#${ph('phone', '13912345678')}`,
    );
  });
});
