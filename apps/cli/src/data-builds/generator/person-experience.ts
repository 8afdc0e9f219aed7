/**
 * The `experience` entries of a person: each job of the history as a profile lists it, with
 * raw spellings of the title and employer as sources write them.
 */
import type { PersonExperience, TextVariant } from '@app/contracts';
import type { Rng } from '@app/random';
import { expenseOf, isDecisionMaker } from './career';
import type { Job } from './model';
import { DUTIES } from './data/profile';
import { formatDay } from './dates';
import { sentenceVariant, titleCase, titleCaseCached } from './text';

/** How sources abbreviate titles; a second raw spelling for some entries. */
const ABBREVIATIONS: readonly (readonly [RegExp, string])[] = [
  [/^senior /, 'sr. '],
  [/^vice president of /, 'vp, '],
  [/^vice president/, 'vp'],
  [/^vp of /, 'vp, '],
  [/ manager$/, ' mgr'],
  [/^chief executive officer$/, 'ceo'],
  [/^chief technology officer$/, 'cto'],
  [/^chief financial officer$/, 'cfo'],
];

const abbreviated = new Map<string, string | null>();

function abbreviationOf(title: string): string | null {
  let a = abbreviated.get(title);
  if (a === undefined) {
    a = null;
    for (const [re, abbreviation] of ABBREVIATIONS) {
      if (re.test(title)) {
        a = titleCase(title.replace(re, abbreviation));
        break;
      }
    }
    abbreviated.set(title, a);
  }
  return a;
}

function titleVariant(rng: Rng, title: string): TextVariant {
  const raw = [titleCaseCached(title)];
  if (rng.chance(0.3)) {
    const a = abbreviationOf(title);
    if (a !== null) raw.push(a);
  }
  return { cleaned: title, raw };
}

function organizationOf(job: Job, rng: Rng): PersonExperience['organization'] {
  const c = job.company;
  return {
    name: {
      cleaned: c.name,
      raw: c.rawNames.length > 1 && rng.chance(0.5) ? c.rawNames.slice(0, 2) : [c.display],
    },
    website: c.domain,
    netx_url: c.netxUrl,
    netx_id: c.netxId,
    svc_id: c.svcId,
    industry: c.industry,
    size: c.size,
  };
}

export function experienceOf(rng: Rng, job: Job, current: boolean): PersonExperience {
  const role = job.role;
  const duties = DUTIES[role.fn];
  const describe = current || rng.chance(0.55);
  let description: string | null = null;
  if (describe) {
    const first = rng.pick(duties);
    const second = rng.pick(duties);
    description = `${first}${second !== first && rng.chance(0.5) ? `; ${second}` : ''} at ${job.company.name}.`;
  }
  return {
    title: titleVariant(rng, role.title),
    seniority_level: role.seniority,
    job_function: role.fn,
    expense_category: expenseOf(role.fn),
    is_decision_maker: isDecisionMaker(role.seniority, job.company.size),
    is_platform_worker: role.isPlatformWorker,
    organization: organizationOf(job, rng),
    start_date: formatDay(job.start),
    end_date: job.end === null ? null : formatDay(job.end),
    current,
    tenure_months: job.tenureMonths,
    description: description === null ? null : sentenceVariant(description),
  };
}
