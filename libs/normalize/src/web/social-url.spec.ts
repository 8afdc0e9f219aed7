import { detectSocialNetwork, normalizeSocialUrl, SocialProfile } from './social-url';

const netx = (slug: string, path = `in/${slug}`): Partial<SocialProfile> => ({
  network: 'netx',
  url: `https://netx.example.com/${path}`,
  username: slug,
  kind: 'profile',
});

describe('normalizeSocialUrl', () => {
  it.each<[string, Partial<SocialProfile>]>([
    // professional network: linkedin.com spellings and our netx host
    ['https://www.linkedin.com/in/jane-doe', netx('jane-doe')],
    ['https://www.linkedin.com/in/Jane-Doe/', netx('jane-doe')],
    ['http://linkedin.com/in/jane-doe', netx('jane-doe')],
    ['linkedin.com/in/jane-doe', netx('jane-doe')],
    ['www.linkedin.com/in/jane-doe/', netx('jane-doe')],
    ['LINKEDIN.COM/IN/JANE-DOE', netx('jane-doe')],
    ['https://uk.linkedin.com/in/jane-doe', netx('jane-doe')],
    ['https://de.linkedin.com/in/jane-doe?originalSubdomain=de', netx('jane-doe')],
    ['https://m.linkedin.com/in/jane-doe#experience', netx('jane-doe')],
    ['https://www.linkedin.com/mwlite/in/jane-doe', netx('jane-doe')],
    ['https://www.linkedin.com/in/jane-doe/?trk=public_profile', netx('jane-doe')],
    ['https://www.linkedin.com/in/jane-doe/details/experience/', netx('jane-doe')],
    ['https://www.linkedin.com/in/jane-doe-1a2b3c4d', netx('jane-doe-1a2b3c4d')],
    ['https://www.linkedin.com/in/jos%C3%A9-garc%C3%ADa', netx('josé-garcía')],
    ['https://www.linkedin.com/pub/john-smith/1a/2b/3c', netx('john-smith', 'pub/john-smith/1a/2b/3c')],
    ['linkedin.com/pub/John-Smith/1A/2B/3C/', netx('john-smith', 'pub/john-smith/1a/2b/3c')],
    ['https://netx.example.com/in/bram-okonkwo-vale', netx('bram-okonkwo-vale')],
    ['netx.example.com/in/bram-okonkwo-vale/', netx('bram-okonkwo-vale')],
    ['https://www.netx.example.com/in/Bram-Okonkwo-Vale?x=1', netx('bram-okonkwo-vale')],
    [
      'https://www.linkedin.com/company/acme-corp/about/',
      {
        network: 'netx',
        url: 'https://netx.example.com/company/acme-corp',
        username: 'acme-corp',
        kind: 'company',
      },
    ],
    [
      'linkedin.com/school/stanford-university',
      { network: 'netx', url: 'https://netx.example.com/school/stanford-university', kind: 'school' },
    ],
    // X / Twitter
    [
      'https://twitter.com/JaneDoe',
      { network: 'twitter', url: 'https://twitter.com/janedoe', username: 'janedoe' },
    ],
    [
      'https://x.com/JaneDoe',
      { network: 'twitter', url: 'https://twitter.com/janedoe', username: 'janedoe' },
    ],
    ['x.com/jane_doe/', { network: 'twitter', url: 'https://twitter.com/jane_doe' }],
    ['https://www.twitter.com/janedoe?lang=en', { network: 'twitter', url: 'https://twitter.com/janedoe' }],
    [
      'https://mobile.twitter.com/@jane_doe/status/123',
      { network: 'twitter', url: 'https://twitter.com/jane_doe' },
    ],
    ['twitter.com/#!/janedoe', { network: 'twitter', url: 'https://twitter.com/janedoe' }],
    ['https://twitter.com/bram_ov', { network: 'twitter', url: 'https://twitter.com/bram_ov' }],
    // GitHub
    [
      'https://github.com/JaneDoe',
      { network: 'github', url: 'https://github.com/janedoe', username: 'janedoe' },
    ],
    ['github.com/jane-doe/some-repo/tree/main', { network: 'github', url: 'https://github.com/jane-doe' }],
    ['http://www.github.com/bramov/', { network: 'github', url: 'https://github.com/bramov' }],
    // Facebook
    [
      'https://www.facebook.com/felix.tamarind.3',
      { network: 'facebook', url: 'https://www.facebook.com/felix.tamarind.3', username: 'felix.tamarind.3' },
    ],
    [
      'https://m.facebook.com/Felix.Tamarind.3/',
      { network: 'facebook', url: 'https://www.facebook.com/felix.tamarind.3' },
    ],
    [
      'facebook.com/ada.i.quill?ref=bookmarks',
      { network: 'facebook', url: 'https://www.facebook.com/ada.i.quill' },
    ],
    [
      'https://web.facebook.com/ada.i.quill',
      { network: 'facebook', url: 'https://www.facebook.com/ada.i.quill' },
    ],
    ['fb.com/ada.i.quill', { network: 'facebook', url: 'https://www.facebook.com/ada.i.quill' }],
    [
      'https://www.facebook.com/profile.php?id=100004123456789',
      {
        network: 'facebook',
        url: 'https://www.facebook.com/profile.php?id=100004123456789',
        username: null,
        id: '100004123456789',
      },
    ],
    [
      'https://www.facebook.com/people/Jane-Doe/100004123456789/',
      { url: 'https://www.facebook.com/profile.php?id=100004123456789' },
    ],
    [
      'https://www.facebook.com/100004123456789',
      { url: 'https://www.facebook.com/profile.php?id=100004123456789' },
    ],
  ])('%j', (input, expected) => {
    const r = normalizeSocialUrl(input);
    expect(r).toEqual({ ok: true, value: expect.objectContaining(expected) });
    if (r.ok) expect(normalizeSocialUrl(r.value.url)).toEqual(r);
  });

  it.each([
    ['', 'empty'],
    ['not a url', 'not_a_url'],
    ['https://instagram.com/janedoe', 'unsupported_network'],
    ['https://example.com/in/jane', 'unsupported_network'],
    ['https://www.linkedin.com/', 'missing_username'],
    ['https://www.linkedin.com/in/', 'missing_username'],
    ['https://www.linkedin.com/feed/', 'unsupported_url'],
    ['https://www.linkedin.com/jobs/view/123', 'unsupported_url'],
    ['https://www.linkedin.com/in/a', 'invalid_username'],
    ['https://twitter.com/', 'missing_username'],
    ['https://twitter.com/home', 'unsupported_url'],
    ['https://twitter.com/intent/tweet', 'unsupported_url'],
    ['https://twitter.com/this_handle_is_far_too_long', 'invalid_username'],
    ['https://github.com/orgs/acme', 'unsupported_url'],
    ['https://github.com/-bad-', 'invalid_username'],
    ['https://www.facebook.com/groups/123', 'unsupported_url'],
    ['https://www.facebook.com/profile.php', 'missing_username'],
    ['https://www.facebook.com/sharer.php?u=x', 'unsupported_url'],
  ])('rejects %j (%s)', (input, reason) => {
    expect(normalizeSocialUrl(input)).toEqual({ ok: false, reason });
  });

  it('detects the network from the host', () => {
    expect(detectSocialNetwork('https://uk.linkedin.com/in/x')).toBe('netx');
    expect(detectSocialNetwork('x.com/y')).toBe('twitter');
    expect(detectSocialNetwork('https://example.org')).toBeNull();
  });
});
