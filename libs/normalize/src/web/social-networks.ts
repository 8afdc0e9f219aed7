/**
 * What each supported network's URLs look like. `netx` is the professional network: our data
 * serves its pages from NETX_HOST, a stand-in host, and linkedin.com spellings (country and
 * mobile subdomains included) are read as the same network, so either form of a profile URL
 * meets the records' keys.
 */
export const NETX_HOST = 'netx.example.com';

export function isNetxHost(host: string): boolean {
  return (
    host === NETX_HOST ||
    host.endsWith(`.${NETX_HOST}`) ||
    host === 'linkedin.com' ||
    host.endsWith('.linkedin.com')
  );
}

export function isTwitterHost(bare: string): boolean {
  return bare === 'twitter.com' || bare === 'x.com';
}

export function isGithubHost(bare: string): boolean {
  return bare === 'github.com';
}

export function isFacebookHost(host: string): boolean {
  return host === 'facebook.com' || host.endsWith('.facebook.com') || host === 'fb.com' || host === 'fb.me';
}

/** First path segments that are site pages, not accounts. */
export const TWITTER_RESERVED = new Set([
  'home',
  'i',
  'intent',
  'share',
  'search',
  'hashtag',
  'explore',
  'settings',
  'messages',
  'notifications',
  'login',
  'logout',
  'signup',
  'tos',
  'privacy',
  'about',
  'compose',
  'lists',
  'status',
  'statuses',
  'user',
]);
export const GITHUB_RESERVED = new Set([
  'about',
  'account',
  'apps',
  'collections',
  'contact',
  'customer-stories',
  'enterprise',
  'events',
  'explore',
  'features',
  'issues',
  'join',
  'login',
  'logout',
  'marketplace',
  'new',
  'notifications',
  'orgs',
  'organizations',
  'pricing',
  'pulls',
  'search',
  'security',
  'sessions',
  'settings',
  'signup',
  'site',
  'sponsors',
  'team',
  'topics',
  'trending',
  'users',
]);
export const FACEBOOK_RESERVED = new Set([
  'home.php',
  'login',
  'login.php',
  'groups',
  'events',
  'watch',
  'marketplace',
  'gaming',
  'sharer',
  'sharer.php',
  'share',
  'share.php',
  'dialog',
  'photo.php',
  'photo',
  'photos',
  'story.php',
  'permalink.php',
  'hashtag',
  'help',
  'policies',
  'privacy',
  'settings',
  'messages',
  'notifications',
  'friends',
  'search',
  'plugins',
  'tr',
  'l.php',
  'business',
  'ads',
  'legal',
  'about',
  'careers',
  'reel',
  'reels',
  'stories',
  'video.php',
  'media',
]);
