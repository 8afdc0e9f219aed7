/** The sparse pass over skills, languages, the headline and the summary (no draws). */
import type { PersonRecord, TextVariant } from '@app/contracts';
import { summaryText } from '../person-profile';
import { sentenceVariant, titleCaseCached } from '../text';
import type { PersonPlan } from './person-plan';

function openToWork(title: TextVariant): TextVariant {
  return {
    cleaned: `${title.cleaned} | open to new opportunities`,
    raw: [`${titleCaseCached(title.cleaned)} | Open to new opportunities`],
  };
}

/** Text about the job only when the job is known; the summary is rewritten from what is kept. */
export function dropSkillsAndText(p: PersonRecord, plan: PersonPlan, area: string): void {
  const skillNames = p.skills.map((s) => s.cleaned);
  if (!plan.keepSkills) p.skills = [];
  if (!plan.keepLanguages) p.languages = [];

  if (!plan.keepHeadline) p.headline = null;
  else if (!plan.keepJob) {
    const last = p.experience.find((e) => e.title !== null);
    p.headline = last ? openToWork(last.title!) : null;
  }
  if (!plan.keepSummary) p.summary = null;
  else {
    const text = summaryText({
      years: p.years_of_experience,
      area,
      industry: p.company_industry,
      title: p.job_title,
      companyName: p.company_name,
      city: p.city,
      skills: plan.keepSkills ? skillNames : [],
    });
    p.summary = sentenceVariant(text);
  }
}
