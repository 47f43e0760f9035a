import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { signRequest } from '@/api/signature';
import { TERMINAL_CODE } from '@/api/constants';
import { parseSignatureHeader, signatureDigest, TERMINAL_CODES } from '@server/auth/requestSignature';

describe('x-vrandom: the browser signs, the server verifies (two implementations, one ADR)', () => {
  it('agrees on random requests, and any change to a signed part breaks it', () => {
    const part = fc.string({ maxLength: 30 });
    fc.assert(
      fc.property(
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
        fc.webPath(),
        fc.array(fc.tuple(fc.stringMatching(/^[a-z]{1,5}$/), fc.stringMatching(/^[a-z0-9%]{0,6}$/)), {
          maxLength: 5,
        }),
        part,
        part,
        (method, path, pairs, body, csrfToken) => {
          const rawQuery = pairs.map(([k, v]) => `${k}=${v}`).join('&');
          const header = signRequest({ method, path, rawQuery, body, csrfToken, timestamp: 1795300000000 });
          const parsed = parseSignatureHeader(header)!;
          const input = {
            method,
            path,
            rawQuery,
            body,
            csrfToken,
            timestamp: parsed.timestamp,
            nonce: parsed.nonce,
          };
          expect(signatureDigest(input)).toBe(parsed.digest);
          expect(signatureDigest({ ...input, body: body + 'x' })).not.toBe(parsed.digest);
          expect(signatureDigest({ ...input, csrfToken: csrfToken + 'x' })).not.toBe(parsed.digest);
          expect(signatureDigest({ ...input, path: path + 'x' })).not.toBe(parsed.digest);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('does not depend on the order of query parameters', () => {
    const a = signRequest({
      method: 'GET',
      path: '/p',
      rawQuery: 'b=2&a=1',
      body: '',
      csrfToken: 't',
      timestamp: 1,
      nonce: 'n',
    });
    const b = signRequest({
      method: 'GET',
      path: '/p',
      rawQuery: 'a=1&b=2',
      body: '',
      csrfToken: 't',
      timestamp: 1,
      nonce: 'n',
    });
    expect(a).toBe(b);
  });
});

describe('X-CCBSCF-TERMINAL-CODE', () => {
  it("the portal's terminal code is one the server accepts", () => {
    expect(TERMINAL_CODES.has(TERMINAL_CODE)).toBe(true);
  });
});
