/**
 * A person's contact points: work and personal emails, phones, and social profiles, with the
 * unique numbers (email and username suffix, netx profile) that keep them apart from everyone
 * else's.
 */
import type { PersonEmail, PersonPhone, PersonSocial } from '@app/contracts';
import type { Rng } from '@app/random';
import { NETX_HOST } from './company-table';
import { buildEmails, buildPhones, buildSocials } from './contact';
import type { GeneratorContext } from './model';
import type { Identity } from './identity';
import type { Career } from './person-career';
import type { City } from './places';

export interface Contact {
  work: string;
  emails: PersonEmail[];
  mobile: string;
  phones: PersonPhone[];
  netxUrl: string;
  netxId: string;
  socials: PersonSocial[];
}

/** `previousHome`: the latest earlier home, whose area code an older number may carry. */
export function contactOf(
  rng: Rng,
  ctx: GeneratorContext,
  id: Identity,
  career: Career,
  previousHome: City | null,
  lastSeen: number,
): Contact {
  const { slot, company } = id;
  const asOf = ctx.asOf;
  const history = career.history;
  const names = { first: id.firstAscii, last: id.lastAscii, u: ctx.unique.apply(slot) };
  const previousJob = history.length > 1 ? { company: history[1].company, end: history[1].end! } : null;
  const { work, emails } = buildEmails(rng, names, {
    company,
    rank: ctx.emailRank[slot],
    home: id.city,
    previous: previousJob,
    asOf,
    lastSeen,
  });
  const { mobile, phones } = buildPhones(rng, { home: id.city, previousCity: previousHome, asOf, lastSeen });

  const netxNum = ctx.personNetx.apply(slot);
  const netxSlug = `${id.firstAscii}-${id.lastAscii}-${netxNum.toString(16).padStart(8, '0')}`;
  const netxUrl = `${NETX_HOST}/in/${netxSlug}`;
  const netxId = String(netxNum + 100_000);
  const fn = career.current.fn;
  const technical = fn === 'engineering' || fn === 'data' || fn === 'information_technology';
  const socials = buildSocials(rng, names, { netxUrl, netxSlug, netxId, technical, lastSeen });
  return { work, emails, mobile, phones, netxUrl, netxId, socials };
}
