import md5 from 'crypto-js/md5';

import { SignatureHeader } from '../headers';
import { signatureFor, signatureHeadersFor } from '../signature';

// Digests pinned against an independent MD5 of the spec's strings, so a change of order in any scheme fails.
const base = { timestamp: 1_764_000_000, nonce: 'n1', secret: 's3cret' };

describe('request signing, one module for client, server and tests', () => {
  test('each scheme signs its own string', () => {
    expect(signatureFor({ ...base, scheme: 'basic', identity: 'wna' })).toBe(md5('1764000000wnan1s3cret').toString());
    expect(signatureFor({ ...base, scheme: 'marketMap', identity: 'sid-9' })).toBe(
      md5('sid-91764000000n1s3cret').toString(),
    );
    expect(signatureFor({ ...base, scheme: 'content', identity: 'wna', params: { b: 2, a: 'x', z: null } })).toBe(
      md5('a=x&b=2&appkey=wna&timestamp=1764000000&nonce=n1&secret=s3cret').toString(),
    );
  });

  test('headers carry the identity under the scheme’s header, and leave an empty one out', () => {
    const h = signatureHeadersFor({ ...base, scheme: 'basic', identity: 'smile' });
    expect(h).toEqual({
      [SignatureHeader.signature]: md5('1764000000smilen1s3cret').toString(),
      [SignatureHeader.timestamp]: '1764000000',
      [SignatureHeader.nonce]: 'n1',
      [SignatureHeader.appKey]: 'smile',
    });
    expect(signatureHeadersFor({ ...base, scheme: 'marketMap', identity: 'sid-9' })[SignatureHeader.accountId]).toBe(
      'sid-9',
    );
    expect(Object.keys(signatureHeadersFor({ ...base, scheme: 'marketMap', identity: '' }))).not.toContain(
      SignatureHeader.accountId,
    );
  });
});
