import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';
import ECB from 'crypto-js/mode-ecb';
import Pkcs7 from 'crypto-js/pad-pkcs7';
import forge from 'node-forge';

import { aesDecrypt, rsaEncrypt } from '../crypto';

describe('encryption helpers', () => {
  it('rsaEncrypt output is opened by the private key with PKCS#1 v1.5 (what the server does with node-forge)', async () => {
    const pair = forge.pki.rsa.generateKeyPair({ bits: 1024, e: 0x10001 });
    const pem = forge.pki.publicKeyToPem(pair.publicKey);
    const cipher = await rsaEncrypt(pem, '13912345678');
    expect(cipher).toMatch(/^[A-Za-z0-9+/=]+$/);
    expect(pair.privateKey.decrypt(forge.util.decode64(cipher), 'RSAES-PKCS1-V1_5')).toBe('13912345678');
  });

  it('rsaEncrypt refuses a bad key instead of sending plain text', async () => {
    await expect(rsaEncrypt('not a key', 'x')).rejects.toThrow(/RSA encryption failed/);
  });

  it('aesDecrypt opens what AES-ECB with the parsed key produced, and refuses a wrong key', async () => {
    const key = 'local-aes-key-16';
    const cipher = AES.encrypt('{"phone":"139****5678"}', Utf8.parse(key), { mode: ECB, padding: Pkcs7 }).toString();
    await expect(aesDecrypt(cipher, key)).resolves.toBe('{"phone":"139****5678"}');
    await expect(aesDecrypt(cipher, 'another-key-1234')).rejects.toThrow(/AES decryption failed/);
  });
});
