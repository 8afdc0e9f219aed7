import type { Entity } from '@app/contracts';

/** Descriptions that work on any build, offered when one could not be understood. */
export const DISCOVERY_EXAMPLES: Readonly<Record<Entity, readonly string[]>> = {
  person: [
    'senior software engineers in san francisco',
    'product managers at stripe',
    'data scientists in new york who know python',
    'vp of sales at saas companies with more than 500 employees',
    'founders in berlin, not at google',
  ],
  company: [
    'fintech companies in new york',
    'saas companies with more than 500 employees',
    'healthcare startups founded after 2018',
    'public biotech companies',
    'nonprofits with more than 1,000 followers',
  ],
};

export function discoveryExamples(entity: Entity): readonly string[] {
  return DISCOVERY_EXAMPLES[entity];
}
