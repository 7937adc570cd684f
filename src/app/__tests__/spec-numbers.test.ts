import { APP_VERSION, CHUNK_LOAD_TIMEOUT_MS } from '../../../config/app';
import { checkDistinctId, checkName } from '../../api/contract/analytics-names';
import { SHARE_SETUP_DELAY_MS, WORK_CHAT_SESSION_MS } from '../../api/contract/auth-constants';
import { CHAT_PLATFORM_ID, HOME_CATEGORY_ID } from '../../api/contract/live-constants';
import { ANALYTICS, OWN_TRACKING } from '../../api/contract/tracking-wire';
import { TIMEOUT_MS } from '../../api/services';
import { TRACES_SAMPLE_RATE } from '../../features/tracking/errors/options';
import { isValidResidentId } from '../../lib/resident-id';
import { isValidPassword } from '../../lib/validators';

/*
 * Every number of docs/rules/states.md, docs/rules/validation.md and docs/rules/constants.md, written here as the spec writes it, beside the
 * constant the code uses. A constant changed by mistake fails here even where the behaviour
 * tests compute their times from it; the behaviour tests (flowSagas, shareSaga, deeplink,
 * analytics) test each time rule on both sides of its boundary.
 */
describe('constants (docs/rules/states.md and docs/rules/constants.md), as literals', () => {
  test.each([
    [
      'work-chat session validity (docs/rules/states.md#work-chat-session, docs/rules/constants.md#sessions-and-share-menus)',
      WORK_CHAT_SESSION_MS,
      72_000_000,
    ],
    [
      'share setup delay (docs/rules/states.md#share-menus, docs/rules/constants.md#sessions-and-share-menus)',
      SHARE_SETUP_DELAY_MS,
      1000,
    ],
    ['request timeout (docs/rules/constants.md#timeouts)', TIMEOUT_MS.default, 360_000],
    ['marketing-map timeout (docs/rules/constants.md#timeouts)', TIMEOUT_MS.marketMap, 60_000],
    ['the one-minute client (docs/rules/constants.md#timeouts)', TIMEOUT_MS.tracking, 60_000],
    ['script chunk load timeout (docs/rules/constants.md#timeouts)', CHUNK_LOAD_TIMEOUT_MS, 120_000],
    ['live list category id (docs/rules/constants.md#lives-and-chat)', HOME_CATEGORY_ID, 32],
    [
      'chat platform id (docs/rules/services.md#chat-room, docs/rules/constants.md#lives-and-chat)',
      CHAT_PLATFORM_ID,
      106,
    ],
    ['error-reporting trace sampling (docs/rules/constants.md#error-reporting)', TRACES_SAMPLE_RATE, 0.1],
    ['analytics cookie lifetime in days', ANALYTICS.cookieDays, 73_000],
    ['analytics batch kept across reloads', ANALYTICS.batchCap, 200],
    ['deeplink wait before the download page (docs/rules/errors.md#deeplink-failures)', ANALYTICS.deeplinkWaitMs, 2500],
    ['own tracking product_source (docs/rules/constants.md#own-tracking)', OWN_TRACKING.productSource, 1],
    [
      'own tracking channel_source, advisers (docs/rules/constants.md#own-tracking)',
      OWN_TRACKING.channelSource.advisor,
      43,
    ],
    [
      'own tracking channel_source, customers (docs/rules/constants.md#own-tracking)',
      OWN_TRACKING.channelSource.customer,
      46,
    ],
    [
      'project_source for platform 1 (docs/rules/roles.md#own-tracking-values)',
      OWN_TRACKING.projectSourceForPlatformOne,
      3,
    ],
    [
      'project_source for any other platform (docs/rules/roles.md#own-tracking-values)',
      OWN_TRACKING.projectSourceOther,
      2,
    ],
    ['project_utype, advisor flow (docs/rules/roles.md#own-tracking-values)', OWN_TRACKING.projectUtype.advisor, 4],
    [
      "project_utype, customers' group flow (docs/rules/roles.md#own-tracking-values)",
      OWN_TRACKING.projectUtype.customer,
      4,
    ],
    ['project_utype, app flow (docs/rules/roles.md#own-tracking-values)', OWN_TRACKING.projectUtype.app, 1],
  ])('%s', (_what, actual, spec) => {
    expect(actual).toBe(spec);
  });

  test('versions (docs/rules/constants.md#versions): app 1.37.0, tracking 4.7.4 for the app flow and 1.0.0 for advisers and customers', () => {
    expect(APP_VERSION).toBe('1.37.0');
    expect(OWN_TRACKING.version).toEqual({ app: '4.7.4', advisor: '1.0.0', customer: '1.0.0' });
  });
});

describe('rules (docs/rules/validation.md) on both sides of each bound', () => {
  test('password: 6 to 20 characters', () => {
    expect(['ab123', 'ab1234', `ab${'1'.repeat(18)}`, `ab${'1'.repeat(19)}`].map(isValidPassword)).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });

  test('password: at least two of digits, letters and other characters', () => {
    expect(['123456', 'abcdef', '!@#$%^', 'abc123', 'abc!@#', '123!@#'].map(isValidPassword)).toEqual([
      false,
      false,
      false,
      true,
      true,
      true,
    ]);
  });

  test('analytics names: 100 characters at most', () => {
    expect(checkName(`a${'b'.repeat(99)}`)).toBeNull();
    expect(checkName(`a${'b'.repeat(100)}`)).not.toBeNull();
  });

  test('distinct id: 1 to 255 characters', () => {
    expect(
      [
        checkDistinctId(''),
        checkDistinctId('x'),
        checkDistinctId('x'.repeat(255)),
        checkDistinctId('x'.repeat(256)),
      ].map((r) => r === null),
    ).toEqual([false, true, true, false]);
  });

  test('resident id: 15 digits, or 17 digits and a check character from the weighted sum modulo 11', () => {
    // 11010519491231002X is the standard's worked example: its check character is X.
    expect(isValidResidentId('11010519491231002X')).toBe(true);
    expect(isValidResidentId('110105194912310021')).toBe(false);
    expect(isValidResidentId('11010519491231002x')).toBe(true);
    expect(isValidResidentId('110105491231002')).toBe(true);
    // 31 February with a correct check character: refused for the date alone.
    expect(isValidResidentId('110105194902310026')).toBe(false);
  });
});
