import { CredentialCache } from '../src/auth/credential-cache.js';
import { parseBasicHeader } from '../src/auth/admin-credentials.js';

describe('verified-credential cache', () => {
  it('remembers a credential for its lifetime only', () => {
    let now = 1000;
    const cache = new CredentialCache(60_000, 10, () => now);
    cache.remember('admin', 'pw');
    expect(cache.has('admin', 'pw')).toBe(true);
    expect(cache.has('admin', 'pw2')).toBe(false);
    expect(cache.has('admin2', 'pw')).toBe(false);
    now += 60_000;
    expect(cache.has('admin', 'pw')).toBe(false);
  });

  it('does not confuse username/password splits', () => {
    const cache = new CredentialCache(60_000);
    cache.remember('ad', 'minpw');
    expect(cache.has('adm', 'inpw')).toBe(false);
  });

  it('keeps at most maxEntries, dropping the oldest', () => {
    const cache = new CredentialCache(60_000, 2);
    cache.remember('a', '1');
    cache.remember('b', '2');
    cache.remember('c', '3');
    expect(cache.has('a', '1')).toBe(false);
    expect(cache.has('c', '3')).toBe(true);
  });

  it('caches nothing with a zero lifetime', () => {
    const cache = new CredentialCache(0);
    cache.remember('a', '1');
    expect(cache.has('a', '1')).toBe(false);
  });
});

describe('Basic header parsing', () => {
  const encode = (s: string) => `Basic ${Buffer.from(s).toString('base64')}`;
  it('splits at the first colon only', () => {
    expect(parseBasicHeader(encode('admin:pa:ss'))).toEqual({ username: 'admin', password: 'pa:ss' });
    expect(parseBasicHeader(encode('ädmin:pässwörd'))).toEqual({ username: 'ädmin', password: 'pässwörd' });
  });
  it('refuses other schemes and empty parts', () => {
    for (const h of [undefined, '', 'Bearer x', encode('nocolon'), encode(':pw'), encode('user:')]) expect(parseBasicHeader(h)).toBeUndefined();
  });
});
