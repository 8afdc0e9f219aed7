/**
 * Social profile URLs → one canonical URL per account, with the network and username. The
 * professional network (`netx`), X/Twitter, GitHub and Facebook are supported, in every common
 * spelling: with or without scheme or `www.`, mobile and country subdomains, trailing slashes,
 * query strings and fragments, sub-pages of the profile ("/in/jane/details/experience").
 *
 * Canonical forms are what records hold: `https://netx.example.com/in/<slug>`,
 * `https://twitter.com/<handle>`, `https://github.com/<user>`,
 * `https://www.facebook.com/<username>` (or `/profile.php?id=<id>`). Usernames are lowercase:
 * each network treats them case-insensitively.
 */
import { Cleaned, fail, ok } from '../result';
import {
  FACEBOOK_RESERVED,
  GITHUB_RESERVED,
  isFacebookHost,
  isGithubHost,
  isNetxHost,
  isTwitterHost,
  NETX_HOST,
  TWITTER_RESERVED,
} from './social-networks';
import { bareHost, queryParam, splitUrl, UrlParts } from './url';

export type SocialNetwork = 'netx' | 'twitter' | 'github' | 'facebook';
export const SOCIAL_NETWORKS: readonly SocialNetwork[] = ['netx', 'twitter', 'github', 'facebook'];

/** A person's profile, or an organization's page (netx company, showcase and school pages). */
export type SocialPageKind = 'profile' | 'company' | 'school';

export interface SocialProfile {
  network: SocialNetwork;
  url: string;
  /** Null when the URL names the account only by numeric id (Facebook profile.php). */
  username: string | null;
  /** Numeric account id when the URL carries one. */
  id: string | null;
  kind: SocialPageKind;
}

const NETX_SLUG = /^[\p{L}\p{N}][\p{L}\p{N}\p{M}_.-]{1,99}$/u;
const PUB_PART = /^[0-9a-z]{1,3}$/;
const TWITTER_HANDLE = /^[a-z0-9_]{1,15}$/;
const GITHUB_USER = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){0,38}$/;
const FACEBOOK_NAME = /^[a-z0-9][a-z0-9.-]{0,49}$/;
const DIGITS = /^\d{1,20}$/;

const lower = (s: string) => s.normalize('NFC').toLowerCase();

function netx(u: UrlParts): Cleaned<SocialProfile> {
  const seg = u.segments[0] === 'mwlite' ? u.segments.slice(1) : u.segments;
  const section = (seg[0] ?? '').toLowerCase();
  const slug = lower(seg[1] ?? '');
  if (section === '') return fail('missing_username');
  if (!['in', 'pub', 'company', 'showcase', 'school'].includes(section)) return fail('unsupported_url');
  if (!NETX_SLUG.test(slug)) return fail(slug === '' ? 'missing_username' : 'invalid_username');
  const base = `https://${NETX_HOST}`;
  if (section === 'in')
    return ok({ network: 'netx', url: `${base}/in/${slug}`, username: slug, id: null, kind: 'profile' });
  if (section === 'pub') {
    // Old public-profile addresses; their mapping to /in/ is not deterministic, so they stay /pub/.
    const tail: string[] = [];
    for (const part of seg.slice(2, 5)) {
      if (!PUB_PART.test(part.toLowerCase())) break;
      tail.push(part.toLowerCase());
    }
    const path = [slug, ...tail].join('/');
    return ok({ network: 'netx', url: `${base}/pub/${path}`, username: slug, id: null, kind: 'profile' });
  }
  const kind = section === 'school' ? 'school' : 'company';
  const id = DIGITS.test(slug) ? slug : null;
  return ok({ network: 'netx', url: `${base}/${section}/${slug}`, username: id ? null : slug, id, kind });
}

function twitter(u: UrlParts): Cleaned<SocialProfile> {
  // Links from the 2010s put the handle in a fragment: twitter.com/#!/handle.
  const fromFragment =
    u.segments.length === 0 && u.fragment.startsWith('!/') ? u.fragment.slice(2).split('/')[0] : '';
  const handle = lower(fromFragment || (u.segments[0] ?? '')).replace(/^@/, '');
  if (handle === '') return fail('missing_username');
  if (TWITTER_RESERVED.has(handle)) return fail('unsupported_url');
  if (!TWITTER_HANDLE.test(handle)) return fail('invalid_username');
  return ok({
    network: 'twitter',
    url: `https://twitter.com/${handle}`,
    username: handle,
    id: null,
    kind: 'profile',
  });
}

function github(u: UrlParts): Cleaned<SocialProfile> {
  const user = lower(u.segments[0] ?? '');
  if (user === '') return fail('missing_username');
  if (GITHUB_RESERVED.has(user)) return fail('unsupported_url');
  if (!GITHUB_USER.test(user)) return fail('invalid_username');
  return ok({
    network: 'github',
    url: `https://github.com/${user}`,
    username: user,
    id: null,
    kind: 'profile',
  });
}

function facebookId(id: string): SocialProfile {
  return {
    network: 'facebook',
    url: `https://www.facebook.com/profile.php?id=${id}`,
    username: null,
    id,
    kind: 'profile',
  };
}

function facebook(u: UrlParts): Cleaned<SocialProfile> {
  const first = lower(u.segments[0] ?? '');
  if (first === '') return fail('missing_username');
  if (first === 'profile.php') {
    const id = queryParam(u.query, 'id');
    return id !== null && DIGITS.test(id) ? ok(facebookId(id)) : fail('missing_username');
  }
  if (first === 'people' || first === 'pages' || first === 'pg') {
    const id = [...u.segments].reverse().find((s) => DIGITS.test(s));
    if (id) return ok(facebookId(id));
    const name = first === 'pg' ? lower(u.segments[1] ?? '') : '';
    if (name === '' || !FACEBOOK_NAME.test(name)) return fail('missing_username');
    return ok({
      network: 'facebook',
      url: `https://www.facebook.com/${name}`,
      username: name,
      id: null,
      kind: 'profile',
    });
  }
  if (FACEBOOK_RESERVED.has(first)) return fail('unsupported_url');
  if (DIGITS.test(first)) return ok(facebookId(first));
  if (!FACEBOOK_NAME.test(first)) return fail('invalid_username');
  return ok({
    network: 'facebook',
    url: `https://www.facebook.com/${first}`,
    username: first,
    id: null,
    kind: 'profile',
  });
}

/** The network a URL belongs to, from its host alone. */
export function detectSocialNetwork(input: string): SocialNetwork | null {
  const u = splitUrl(input);
  return u ? networkOf(u.host) : null;
}

function networkOf(host: string): SocialNetwork | null {
  if (isNetxHost(host)) return 'netx';
  const bare = bareHost(host);
  if (isTwitterHost(bare)) return 'twitter';
  if (isGithubHost(bare)) return 'github';
  if (isFacebookHost(host)) return 'facebook';
  return null;
}

export function normalizeSocialUrl(input: string): Cleaned<SocialProfile> {
  if (input.trim() === '') return fail('empty');
  const u = splitUrl(input);
  if (!u) return fail('not_a_url');
  switch (networkOf(u.host)) {
    case 'netx':
      return netx(u);
    case 'twitter':
      return twitter(u);
    case 'github':
      return github(u);
    case 'facebook':
      return facebook(u);
    default:
      return fail('unsupported_network');
  }
}
