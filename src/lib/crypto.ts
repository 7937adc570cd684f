/**
 * Encryption of docs/rules/services.md#encryption, loaded on demand: jsencrypt (~18 KB) and crypto-js AES (~6 KB)
 * must stay out of the first load, so both are dynamic imports called from sagas.
 */

/** RSA-encrypts a sensitive input with the get_rsa public key (PKCS#1 v1.5, base64). */
export async function rsaEncrypt(publicKeyPem: string, plain: string): Promise<string> {
  const { default: JSEncrypt } = await import(/* webpackChunkName: "jsencrypt" */ 'jsencrypt');
  const rsa = new JSEncrypt();
  rsa.setPublicKey(publicKeyPem);
  const out = rsa.encrypt(plain);
  if (typeof out !== 'string') throw new Error('RSA encryption failed: bad public key or input too long');
  return out;
}

/** Decrypts an AES (ECB, PKCS#7, base64) response field with the environment's key. */
export async function aesDecrypt(cipherBase64: string, key: string): Promise<string> {
  const [{ default: AES }, { default: Utf8 }, { default: ECB }, { default: Pkcs7 }] = await Promise.all([
    import(/* webpackChunkName: "crypto-aes" */ 'crypto-js/aes'),
    import(/* webpackChunkName: "crypto-aes" */ 'crypto-js/enc-utf8'),
    import(/* webpackChunkName: "crypto-aes" */ 'crypto-js/mode-ecb'),
    import(/* webpackChunkName: "crypto-aes" */ 'crypto-js/pad-pkcs7'),
  ]);
  // A parsed key, not a string: a string key would switch crypto-js to passphrase mode.
  let text = '';
  try {
    text = AES.decrypt(cipherBase64, Utf8.parse(key), { mode: ECB, padding: Pkcs7 }).toString(Utf8);
  } catch {
    // A wrong key yields bytes that are not UTF-8: same failure as an empty result.
  }
  if (text === '' && cipherBase64 !== '') throw new Error('AES decryption failed: wrong key or corrupted data');
  return text;
}
