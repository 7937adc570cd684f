/**
 * TypeBox is for the server and the contract's schemas; the client bundle must not carry
 * it (bundle budget). If anything the client imports from src/api pulls it in, this fails.
 */
import type * as Codes from '../contract/codes';
import type * as LiveConstants from '../contract/live-constants';

jest.mock('@sinclair/typebox', () => {
  throw new Error('@sinclair/typebox was loaded by client code');
});

describe('client bundle boundary', () => {
  it('src/api loads without TypeBox', () => {
    expect(() => jest.requireActual('../index')).not.toThrow();
  });

  it('the plain live constants and error codes load without TypeBox', () => {
    const constants = jest.requireActual<typeof LiveConstants>('../contract/live-constants');
    const codes = jest.requireActual<typeof Codes>('../contract/codes');
    expect(constants.HOME_CATEGORY_ID).toBe(32);
    expect(constants.LiveStatus).toEqual({ live: 1, upcoming: 2, ended: 3 });
    expect(codes.SESSION_INVALID_CODES).toEqual([210001, 210002, 210003]);
  });

  it('the guard works: importing a schema file does pull TypeBox in', () => {
    expect(() => jest.requireActual('../contract/lives')).toThrow('@sinclair/typebox was loaded');
  });
});
