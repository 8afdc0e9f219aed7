import { InvalidEmailError, isValidEmail, normalizeEmail, tryNormalizeEmail } from './email';

describe('normalizeEmail', () => {
  it.each([
    ['John.Doe+news@GoogleMail.com', 'johndoe@gmail.com'],
    ['  j.o.h.n.doe@gmail.com ', 'johndoe@gmail.com'],
    ['JohnDoe@Gmail.COM', 'johndoe@gmail.com'],
    ['john.doe+a+b@gmail.com', 'johndoe@gmail.com'],
    ['Dana.Whitfield@Example.com', 'dana.whitfield@example.com'],
    ['dana.whitfield+crm@example.co.uk', 'dana.whitfield@example.co.uk'],
    ["o'brien@example.ie", "o'brien@example.ie"],
    ['user@example.com.', 'user@example.com'],
    ['user@bücher.example', 'user@xn--bcher-kva.example'],
    ['a_b-c@sub.domain.example.org', 'a_b-c@sub.domain.example.org'],
    ['J.O.H.N.D.O.E@GMAIL.COM', 'johndoe@gmail.com'],
    ['john.doe@googlemail.com', 'johndoe@gmail.com'],
    ['John.Doe+Work+Extra@googlemail.com', 'johndoe@gmail.com'],
    ['bram.okonkwo.vale@gmail.com', 'bramokonkwovale@gmail.com'],
    ['Felix.Tamarind.3+jobs@gmail.com', 'felixtamarind3@gmail.com'],
    ['ada.i.quill@googlemail.com', 'adaiquill@gmail.com'],
    ['first.last@outlook.com', 'first.last@outlook.com'],
    ['First.Last+tag@Outlook.com', 'first.last@outlook.com'],
    ['user+@example.com', 'user@example.com'],
    ['\u00a0user@example.com\t', 'user@example.com'],
    ['USER@EXAMPLE.COM', 'user@example.com'],
    ["o'reilly+books@example.com", "o'reilly@example.com"],
    ['x@example.museum', 'x@example.museum'],
    ['x@xn--bcher-kva.example', 'x@xn--bcher-kva.example'],
    ['firstname-lastname@example.com', 'firstname-lastname@example.com'],
    ['1234567890@example.com', '1234567890@example.com'],
    ['email@example-one.com', 'email@example-one.com'],
    ['_______@example.com', '_______@example.com'],
    ['email@example.name', 'email@example.name'],
    ['email@example.co.jp', 'email@example.co.jp'],
    ['much.more.unusual+x@dept.example.com', 'much.more.unusual@dept.example.com'],
    ["!#$%&'*/=?^_`{|}~-@example.org", "!#$%&'*/=?^_`{|}~-@example.org"],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeEmail(input)).toBe(expected);
  });

  it('keeps dots for providers other than Gmail', () => {
    expect(normalizeEmail('first.last@outlook.com')).toBe('first.last@outlook.com');
    expect(normalizeEmail('first.last@gmail.co')).toBe('first.last@gmail.co');
  });

  it('is idempotent', () => {
    for (const s of ['John.Doe+news@GoogleMail.com', 'A.B@Example.com', 'x+y@z.io']) {
      const once = normalizeEmail(s);
      expect(normalizeEmail(once)).toBe(once);
    }
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['john.doe', 'missing_at'],
    ['a@b@example.com', 'multiple_at'],
    ['@example.com', 'invalid_local_part'],
    ['+tag@example.com', 'invalid_local_part'],
    ['john..doe@example.com', 'invalid_local_part'],
    ['.john@example.com', 'invalid_local_part'],
    ['john doe@example.com', 'invalid_local_part'],
    ['jöhn@example.com', 'invalid_local_part'],
    [`${'a'.repeat(65)}@example.com`, 'invalid_local_part'],
    ['john@', 'invalid_domain'],
    ['john@localhost', 'invalid_domain'],
    ['john@-example.com', 'invalid_domain'],
    ['john@example..com', 'invalid_domain'],
    ['john@example.c', 'invalid_domain'],
    ['john@192.168.0.1', 'invalid_domain'],
    ['john@[192.168.0.1]', 'invalid_domain'],
    ['"john"@example.com', 'invalid_local_part'],
    ['john.@example.com', 'invalid_local_part'],
    ['john@example.com (John)', 'invalid_domain'],
    ['mailto:john@example.com', 'invalid_local_part'],
    ['john@exa mple.com', 'invalid_domain'],
  ])('rejects %p (%s)', (input, reason) => {
    expect(tryNormalizeEmail(input)).toEqual({ ok: false, reason });
    expect(isValidEmail(input)).toBe(false);
    expect(() => normalizeEmail(input)).toThrow(InvalidEmailError);
  });

  it('carries the reason on the thrown error', () => {
    try {
      normalizeEmail('nope');
      throw new Error('did not throw');
    } catch (e) {
      expect(e).toBeInstanceOf(InvalidEmailError);
      expect((e as InvalidEmailError).reason).toBe('missing_at');
      expect((e as InvalidEmailError).input).toBe('nope');
    }
  });

  // How fast it refuses them is bench/normalize's bound (a timed assertion is flaky in a unit spec).
  it('refuses adversarial input', () => {
    expect(isValidEmail(`${'a.'.repeat(5000)}!@example.com`)).toBe(false);
    expect(isValidEmail(`x@${'a-'.repeat(5000)}.com`)).toBe(false);
  });
});
