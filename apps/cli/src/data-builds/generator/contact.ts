/**
 * Email addresses, phone numbers and social profiles. Every address and profile URL embeds
 * something unique to the person (the employer's de-duplicated work address, or the person's
 * unique number), so match keys never collide between two people.
 */
import type { Confidence, PersonEmail, PersonPhone, PersonSocial } from '@app/contracts';
import { hashNormalizedEmail, normalizeEmail } from '@app/normalize';
import type { Rng } from '@app/random';
import type { CompanyInfo } from './model';
import { workEmailBase } from './identity';
import { type City, placesOf } from './places';
import { landlineNumber, mobileNumber } from './phones';
import { formatDay } from './dates';

export interface NameParts {
  first: string;
  last: string;
  /** The person's unique number. */
  u: number;
}

function personalLocal(rng: Rng, n: NameParts): string {
  const { first, last, u } = n;
  switch (rng.int(8)) {
    case 0:
      return `${first}${last}${u}`;
    case 1:
    case 2:
      return `${first}.${last}${u}`;
    case 3:
      return `${first.charAt(0)}${last}${u}`;
    case 4:
      return `${first}_${last}${u}`;
    case 5:
      return `${last}${first}${u}`;
    case 6:
      return `${first}${u}`;
    default:
      return `${first}.${last}.${u}`;
  }
}

const PLUS_TAGS = ['news', 'jobs', 'shopping', 'work', 'spam'];

function mailbox(domain: string): string {
  return domain === 'googlemail.com' ? 'gmail.com' : domain;
}

export function emailEntry(
  address: string,
  type: 'professional' | 'personal',
  current: boolean,
  status: string,
  confidence: Confidence,
  lastSeen: number,
  sources: number,
): PersonEmail {
  const h = hashNormalizedEmail(normalizeEmail(address));
  return {
    address,
    type,
    current,
    validated: status === 'valid',
    confidence,
    last_seen: formatDay(lastSeen),
    num_sources: sources,
    validation_status: status,
    hash_sha256: h.sha256,
    hash_sha1: h.sha1,
    hash_md5: h.md5,
  };
}

export interface EmailPlan {
  company: CompanyInfo;
  /** 1 for the first holder of this local part at the company. */
  rank: number;
  home: City;
  /** A previous employer and the day that job ended, for an old work address. */
  previous: { company: CompanyInfo; end: number } | null;
  asOf: number;
  lastSeen: number;
}

export function buildEmails(
  rng: Rng,
  n: NameParts,
  plan: EmailPlan,
): { work: string; emails: PersonEmail[] } {
  const base = workEmailBase(plan.company.emailPattern, n.first, n.last);
  const work = `${base}${plan.rank > 1 ? plan.rank : ''}@${plan.company.domain}`;
  const emails: PersonEmail[] = [
    emailEntry(
      work,
      'professional',
      true,
      rng.chance(0.9) ? 'valid' : 'catch_all',
      'high',
      plan.lastSeen - rng.int(20),
      rng.range(2, 12),
    ),
  ];

  const providers = placesOf(plan.home.country.code).emailDomains;
  const used = new Set<string>();
  const personalCount = rng.chance(0.35) ? 2 : 1;
  for (let k = 0; k < personalCount; k++) {
    let domain = providers.sample(rng);
    for (let tries = 0; used.has(mailbox(domain)) && tries < 6; tries++) domain = providers.sample(rng);
    if (used.has(mailbox(domain))) break;
    used.add(mailbox(domain));
    let local = personalLocal(rng, n);
    if (mailbox(domain) === 'gmail.com' && rng.chance(0.02)) local += `+${rng.pick(PLUS_TAGS)}`;
    const current = k === 0 || rng.chance(0.5);
    const lastSeen = current ? plan.lastSeen - rng.int(200) : plan.asOf - rng.range(400, 3000);
    const status = current
      ? rng.chance(0.7)
        ? 'valid'
        : 'unknown'
      : rng.chance(0.5)
        ? 'invalid'
        : 'unknown';
    emails.push(
      emailEntry(
        `${local}@${domain}`,
        'personal',
        current,
        status,
        current ? (k === 0 ? 'high' : 'moderate') : 'low',
        lastSeen,
        rng.range(1, 8),
      ),
    );
  }

  if (plan.previous && plan.previous.company !== plan.company && rng.chance(0.3)) {
    // A former employer's address; the dot before the number keeps it apart from the
    // numbered addresses of current staff (james.smith2).
    const old = `${workEmailBase(plan.previous.company.emailPattern, n.first, n.last)}.${n.u}@${plan.previous.company.domain}`;
    emails.push(
      emailEntry(
        old,
        'professional',
        false,
        rng.chance(0.6) ? 'invalid' : 'unknown',
        'low',
        plan.previous.end - rng.int(30),
        rng.range(1, 4),
      ),
    );
  }
  return { work, emails };
}

export interface PhonePlan {
  home: City;
  /** A city lived in before, whose area code an older number may carry. */
  previousCity: City | null;
  asOf: number;
  lastSeen: number;
}

export function buildPhones(rng: Rng, plan: PhonePlan): { mobile: string; phones: PersonPhone[] } {
  // People keep their number when they move within a country, so some carry an old area code.
  const keepOld =
    plan.previousCity !== null && plan.previousCity.country === plan.home.country && rng.chance(0.3);
  const mobile = mobileNumber(rng, keepOld ? plan.previousCity! : plan.home);
  const phones: PersonPhone[] = [
    {
      type: 'mobile',
      number: mobile,
      current: true,
      confidence: 'high',
      last_seen: formatDay(plan.lastSeen - rng.int(30)),
      num_sources: rng.range(2, 10),
    },
  ];
  const seen = new Set([mobile]);
  if (rng.chance(0.4)) {
    const number = mobileNumber(rng, plan.previousCity ?? plan.home);
    if (!seen.has(number)) {
      seen.add(number);
      phones.push({
        type: 'mobile',
        number,
        current: false,
        confidence: rng.chance(0.5) ? 'low' : 'moderate',
        last_seen: formatDay(plan.asOf - rng.range(300, 3000)),
        num_sources: rng.range(1, 3),
      });
    }
  }
  if (rng.chance(0.25)) {
    const { number, type } = landlineNumber(rng, plan.home);
    if (!seen.has(number)) {
      const current = rng.chance(0.5);
      phones.push({
        type,
        number,
        current,
        confidence: current ? 'moderate' : 'low',
        last_seen: formatDay(current ? plan.lastSeen - rng.int(120) : plan.asOf - rng.range(200, 2500)),
        num_sources: rng.range(1, 4),
      });
    }
  }
  return { mobile, phones };
}

export interface SocialPlan {
  netxUrl: string;
  netxSlug: string;
  netxId: string;
  technical: boolean;
  lastSeen: number;
}

export function buildSocials(rng: Rng, n: NameParts, plan: SocialPlan): PersonSocial[] {
  const socials: PersonSocial[] = [
    {
      network: 'netx',
      url: plan.netxUrl,
      username: plan.netxSlug,
      id: plan.netxId,
      current: true,
      num_sources: rng.range(2, 12),
      confidence: 'high',
      last_seen: formatDay(plan.lastSeen),
    },
  ];
  if (rng.chance(plan.technical ? 0.55 : 0.06)) {
    const username = rng.chance(0.5) ? `${n.first}${n.last}${n.u}` : `${n.first.charAt(0)}${n.last}-${n.u}`;
    socials.push({
      network: 'github',
      url: `https://github.com/${username}`,
      username,
      id: null,
      current: true,
      num_sources: rng.range(1, 4),
      confidence: 'moderate',
      last_seen: formatDay(plan.lastSeen - rng.int(90)),
    });
  }
  if (rng.chance(0.2)) {
    const username = `${n.first.slice(0, 6)}_${n.last.slice(0, 6)}${n.u}`;
    socials.push({
      network: 'twitter',
      url: `https://twitter.com/${username}`,
      username,
      id: String(rng.range(100000, 999999)) + rng.digits(9),
      current: rng.chance(0.8),
      num_sources: rng.range(1, 3),
      confidence: 'moderate',
      last_seen: formatDay(plan.lastSeen - rng.int(400)),
    });
  }
  if (rng.chance(0.3)) {
    const username = `${n.first}.${n.last}.${n.u}`;
    socials.push({
      network: 'facebook',
      url: `https://www.facebook.com/${username}`,
      username,
      id: `1000${rng.digits(11)}`,
      current: true,
      num_sources: rng.range(1, 5),
      confidence: rng.chance(0.5) ? 'moderate' : 'low',
      last_seen: formatDay(plan.lastSeen - rng.int(300)),
    });
  }
  return socials;
}
