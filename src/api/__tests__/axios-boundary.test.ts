/**
 * axios, the interceptors and the signing (crypto-js's MD5) load with the first request or after the load event
 * (lazy-clients.ts), never with the first screen: if anything the app's entry imports from src/api pulls one of them
 * in again, this fails.
 */
jest.mock('axios', () => {
  throw new Error('axios was loaded by first-load code');
});
jest.mock('crypto-js/md5', () => {
  throw new Error('crypto-js was loaded by first-load code');
});

describe('first-load boundary of the HTTP layer', () => {
  it('src/api, its lazy clients and the header names load without axios or the signing', () => {
    expect(() => jest.requireActual('../index')).not.toThrow();
    expect(() => jest.requireActual('../lazy-clients')).not.toThrow();
    expect(() => jest.requireActual('../request')).not.toThrow();
    expect(() => jest.requireActual('../contract/headers')).not.toThrow();
  });

  it('the guard works: the real clients do pull axios in, and the signing crypto-js', () => {
    expect(() => jest.requireActual('../services')).toThrow('axios was loaded by first-load code');
    expect(() => jest.requireActual('../signing')).toThrow('crypto-js was loaded by first-load code');
  });
});
