import { canonicalJson, requestHash } from './request-hash.js';

describe('request hash of an idempotent call', () => {
  it('is the same whatever the order of keys', () => {
    expect(requestHash({ a: 1, b: { c: [1, 2], d: 'x' } })).toBe(requestHash({ b: { d: 'x', c: [1, 2] }, a: 1 }));
  });

  it('changes with any value, and with array order', () => {
    const base = requestHash({ a: 1, list: [1, 2] });
    expect(requestHash({ a: 2, list: [1, 2] })).not.toBe(base);
    expect(requestHash({ a: 1, list: [2, 1] })).not.toBe(base);
  });

  it('ignores undefined fields, as JSON does', () => {
    expect(canonicalJson({ a: 1, b: undefined })).toBe('{"a":1}');
  });
});
