import { domainKey, normalizeDomain } from './domain';

describe('normalizeDomain', () => {
  it.each([
    ['example.com', 'example.com'],
    ['Example.COM', 'example.com'],
    ['www.acme.com', 'acme.com'],
    ['WWW.ACME.COM', 'acme.com'],
    ['acme.com.', 'acme.com'],
    ['https://acme.com', 'acme.com'],
    ['http://www.acme.com/', 'acme.com'],
    ['https://www.acme.com/about/team?x=1#top', 'acme.com'],
    ['http://shop.acme.com:8080/path?q=1', 'acme.com'],
    ['//cdn.acme.com/lib.js', 'acme.com'],
    ['ftp://files.acme.org', 'acme.org'],
    ['https://user:pass@acme.io/x', 'acme.io'],
    ['mail.google.com', 'google.com'],
    ['a.b.c.d.acme.net', 'acme.net'],
    ['https://www.Example.co.uk/x', 'example.co.uk'],
    ['bbc.co.uk', 'bbc.co.uk'],
    ['news.bbc.co.uk', 'bbc.co.uk'],
    ['www.gov.uk', 'www.gov.uk'],
    ['acme.com.au', 'acme.com.au'],
    ['shop.acme.com.br', 'acme.com.br'],
    ['acme.co.jp', 'acme.co.jp'],
    ['www.acme.jp', 'acme.jp'],
    ['acme.de', 'acme.de'],
    ['acme.io', 'acme.io'],
    ['acme.ai', 'acme.ai'],
    ['acme.technology', 'acme.technology'],
    ['acme.github.io', 'acme.github.io'],
    ['docs.acme.github.io', 'acme.github.io'],
    ['acme.herokuapp.com', 'acme.herokuapp.com'],
    ['cs.stanford.edu', 'stanford.edu'],
    ['ox.ac.uk', 'ox.ac.uk'],
    ['www.cs.ox.ac.uk', 'ox.ac.uk'],
    ['bücher.de', 'xn--bcher-kva.de'],
    ['xn--bcher-kva.de', 'xn--bcher-kva.de'],
    ['john@acme.io', 'acme.io'],
    ['@acme.com', 'acme.com'],
    ['John.Doe+x@Mail.Acme.co.uk', 'acme.co.uk'],
    // Fictional data on reserved names (RFC 2606)
    ['tessellate-cloud.example', 'tessellate-cloud.example'],
    ['www.tessellate-cloud.example', 'tessellate-cloud.example'],
    ['tessellatecloud.example.com', 'tessellatecloud.example.com'],
    ['https://www.acme-analytics.example.com/about', 'acme-analytics.example.com'],
    ['mit.example.edu', 'mit.example.edu'],
    ['oxford.example.ac.uk', 'oxford.example.ac.uk'],
    ['ledgerlark.test', 'ledgerlark.test'],
    ['www.example.com', 'example.com'],
  ])('%j → %j', (input, expected) => {
    expect(normalizeDomain(input)).toEqual({ ok: true, value: expected });
    expect(normalizeDomain(expected)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['acme', 'not_a_domain'],
    ['localhost', 'not_a_domain'],
    ['http://localhost:3000', 'not_a_domain'],
    ['192.168.1.1', 'ip_address'],
    ['http://10.0.0.1/x', 'ip_address'],
    ['acme.corp', 'unknown_suffix'],
    ['acme .com', 'not_a_domain'],
    ['acme..com', 'not_a_domain'],
    ['-acme.com', 'not_a_domain'],
    ['acme_inc.com', 'not_a_domain'],
    ['co.uk', 'not_a_domain'],
    ['https://', 'not_a_domain'],
  ])('rejects %j (%s)', (input, reason) => {
    expect(normalizeDomain(input)).toEqual({ ok: false, reason });
  });

  it('gives a key or null', () => {
    expect(domainKey('https://www.acme.com/x')).toBe('acme.com');
    expect(domainKey('nope')).toBeNull();
  });
});
