/** The sparse pass over email addresses and phone numbers. */
import type { PersonRecord } from '@app/contracts';
import type { Rng } from '@app/random';
import { PERSON_FILL_RATES as P } from '../fill-rates';
import { KNOWN } from './company';
import type { PersonFacts, PersonPlan } from './person-plan';

/** The current work address needs a known job at a company with a known domain (no draws). */
export function dropEmails(p: PersonRecord, plan: PersonPlan, f: PersonFacts): void {
  const workKept = plan.keepJob && (f.known(f.company.index) & KNOWN.domain) !== 0 && plan.keepWorkEmail;
  if (!workKept) p.work_email = null;
  p.emails = p.emails.filter((e) => {
    if (e.type === 'personal') return plan.keepPersonal;
    return e.current === true ? workKept : plan.keepOldWork;
  });
}

/** Without mobile_phone, no current mobile at all; one draw per other phone. */
export function dropPhones(rng: Rng, p: PersonRecord, plan: PersonPlan): void {
  const [mobile, ...otherPhones] = p.phones;
  const phones = plan.keepMobile ? [mobile] : [];
  for (const ph of otherPhones) {
    if (rng.chance(P.other_phone.rate) && (plan.keepMobile || !(ph.type === 'mobile' && ph.current === true)))
      phones.push(ph);
  }
  p.phones = phones;
  if (!plan.keepMobile) p.mobile_phone = null;
}
