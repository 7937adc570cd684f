/**
 * A request nonce: 16 random bytes as 32 lower-case hex characters. Uses the Web Crypto
 * generator (every targeted web view has it) so two requests in one second never share one.
 */
export function randomNonce(byteLength = 16): string {
  const bytes = new Uint8Array(byteLength);
  globalThis.crypto.getRandomValues(bytes);
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}
