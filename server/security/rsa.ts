import forge from 'node-forge';

const parsed = new Map<string, forge.pki.rsa.PrivateKey>();

/**
 * Decrypts a jsencrypt field (PKCS#1 v1.5, base64). Node's OpenSSL refuses v1.5 private
 * decryption (CVE-2023-46809), so node-forge does it. Null when no key opens it.
 */
export function decryptField(cipherBase64: string, privateKeysPem: readonly string[]): string | null {
  let bytes: string;
  try {
    bytes = forge.util.decode64(cipherBase64);
  } catch {
    return null;
  }
  for (const pem of privateKeysPem) {
    let key = parsed.get(pem);
    if (!key) {
      key = forge.pki.privateKeyFromPem(pem) as forge.pki.rsa.PrivateKey;
      parsed.set(pem, key);
    }
    try {
      return forge.util.decodeUtf8(key.decrypt(bytes, 'RSAES-PKCS1-V1_5'));
    } catch {
      // Not this key (a key rotated meanwhile): try the next.
    }
  }
  return null;
}

/** What jsencrypt does in the browser, for tests and scripts on the server side. */
export function encryptField(plain: string, publicKeyPem: string): string {
  const key = forge.pki.publicKeyFromPem(publicKeyPem) as forge.pki.rsa.PublicKey;
  return forge.util.encode64(key.encrypt(forge.util.encodeUtf8(plain), 'RSAES-PKCS1-V1_5'));
}
