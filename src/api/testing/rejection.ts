import { ApiError } from '../errors';

/** The ApiError a promise rejects with; fails the test if it resolves or rejects with something else. */
export async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected a rejection');
}
