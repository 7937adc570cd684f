import type { LoadError } from './types';

/**
 * What a live-service call that came back empty means: the live client answers a network error with an empty
 * value, not a rejection (docs/rules/errors.md#network-failures).
 */
export const NETWORK_DOWN: LoadError = {
  kind: 'network',
  code: null,
  httpStatus: null,
  message: '网络连接失败，请检查网络后重试',
};
