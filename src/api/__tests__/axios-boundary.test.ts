/**
 * axios and the interceptors load with the first request or after the load event (lazy-clients.ts), never with the
 * first screen: if anything the app's entry imports from src/api pulls axios in again, this fails.
 */
jest.mock('axios', () => {
  throw new Error('axios was loaded by first-load code');
});

describe('first-load boundary of the HTTP layer', () => {
  it('src/api and its lazy clients load without axios', () => {
    expect(() => jest.requireActual('../index')).not.toThrow();
    expect(() => jest.requireActual('../lazy-clients')).not.toThrow();
  });

  it('the guard works: the real clients do pull axios in', () => {
    expect(() => jest.requireActual('../services')).toThrow('axios was loaded by first-load code');
  });
});
