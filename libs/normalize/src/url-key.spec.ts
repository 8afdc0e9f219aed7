import { urlKey } from './url-key';
import { normalizeSocialUrl } from './web/social-url';

describe('urlKey', () => {
  it.each([
    // supported networks: the canonical URL without scheme and www.
    ['https://netx.example.com/in/bram-okonkwo-vale', 'netx.example.com/in/bram-okonkwo-vale'],
    ['https://www.linkedin.com/in/Bram-Okonkwo-Vale/', 'netx.example.com/in/bram-okonkwo-vale'],
    ['uk.linkedin.com/in/bram-okonkwo-vale?trk=x', 'netx.example.com/in/bram-okonkwo-vale'],
    ['https://netx.example.com/company/tessellate-cloud', 'netx.example.com/company/tessellate-cloud'],
    ['https://www.facebook.com/felix.tamarind.3', 'facebook.com/felix.tamarind.3'],
    ['https://m.facebook.com/felix.tamarind.3/', 'facebook.com/felix.tamarind.3'],
    ['https://www.facebook.com/profile.php?id=42', 'facebook.com/profile.php?id=42'],
    ['https://x.com/AdaQuill', 'twitter.com/adaquill'],
    ['https://twitter.com/adaquill', 'twitter.com/adaquill'],
    ['  https://github.com/bramov//  ', 'github.com/bramov'],
    // anything else: the generic key
    ['https://www.netx.com/in/jane-doe/', 'netx.com/in/jane-doe'],
    ['HTTP://netx.com/in/Jane-Doe?trk=abc', 'netx.com/in/jane-doe'],
    ['https://m.netx.com/in/jane-doe#top', 'netx.com/in/jane-doe'],
    ['https://github.example.com/dwhitfield', 'github.example.com/dwhitfield'],
    ['https://www.instagram.com/jane/', 'instagram.com/jane'],
  ])('%j → %j', (input, expected) => {
    expect(urlKey(input)).toBe(expected);
  });

  it('is idempotent', () => {
    for (const u of [
      'https://www.x.com/JaneDoe/',
      'https://www.linkedin.com/in/x-y/',
      'https://www.example.org/A/',
    ]) {
      expect(urlKey(urlKey(u))).toBe(urlKey(u));
    }
  });

  it('agrees with the social URL normalizer, so loaded keys and cleaned input meet', () => {
    for (const u of [
      'linkedin.com/in/jane-doe',
      'https://m.facebook.com/a.b',
      'x.com/Jane',
      'github.com/JD',
    ]) {
      const cleaned = normalizeSocialUrl(u);
      expect(cleaned.ok).toBe(true);
      if (cleaned.ok) expect(urlKey(cleaned.value.url)).toBe(urlKey(u));
    }
  });
});
