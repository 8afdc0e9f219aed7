import type { PersonMatchInput } from '@app/matching';
import { EnrichOptionsDto } from './enrich-options.dto';
import { TextField as Text } from './text-field';

/**
 * POST /person/enrich (and each bulk item). At least one primary identifier, or a name plus a
 * context field (else 400 minimum_requirements_not_met); every value is cleaned before matching.
 */
export class PersonEnrichDto extends EnrichOptionsDto implements PersonMatchInput {
  @Text(
    320,
    'Email address; lowercased, plus tags and Gmail dots removed before matching.',
    'jane.doe+news@gmail.com',
  )
  email?: string;

  @Text(
    128,
    'SHA-256 (64 hex), SHA-1 (40) or MD5 (32) of the normalized email (see POST /utility/hash/email).',
  )
  email_hash?: string;

  @Text(
    64,
    'Phone number in any common format; read in `country` when it has no country code, else in the US.',
  )
  phone?: string;

  @Text(2048, 'Profile URL on the professional network, X/Twitter, GitHub or Facebook, any spelling.')
  social_url?: string;

  @Text(32, 'Professional-network numeric id.')
  netx_id?: string;

  @Text(64, 'Exact record id.')
  svc_id?: string;

  @Text(256, 'Full name; "Last, First" and titles or suffixes are handled.')
  full_name?: string;

  @Text(256, 'Given name; nicknames match (bob ~ robert).')
  first_name?: string;

  @Text(256, 'Family name.')
  last_name?: string;

  @Text(1024, 'Full address, parsed into city, state, postal code and country.')
  address?: string;

  @Text(128, 'City; common spellings match (NYC, St. Louis).')
  city?: string;

  @Text(128, 'State or region: name or code (CA, US-CA).')
  state?: string;

  @Text(128, 'Country: name or ISO code.')
  country?: string;

  @Text(32, 'Postal code (five-digit ZIP or ZIP+4 in the US).')
  postal_code?: string;

  @Text(256, 'Job title (current titles weigh more than past ones).')
  job_title?: string;

  @Text(512, 'Employer: name, website/domain or company page URL (current employers weigh more).')
  company?: string;

  @Text(512, 'School: name, website/domain or page URL.')
  school?: string;

  @Text(10, 'YYYY-MM-DD, YYYY-MM or YYYY.', '1988-04')
  birth_date?: string;
}
