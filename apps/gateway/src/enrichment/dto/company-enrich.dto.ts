import type { CompanyMatchInput } from '@app/matching';
import { EnrichOptionsDto } from './enrich-options.dto';
import { TextField as Text } from './text-field';

/** POST /company/enrich (and each bulk item): at least one of the fields below. */
export class CompanyEnrichDto extends EnrichOptionsDto implements CompanyMatchInput {
  @Text(
    256,
    'Company name; legal forms ("Inc.", "GmbH") and a leading "The" are ignored.',
    'Tessellate Cloud, Inc.',
  )
  name?: string;

  @Text(2048, 'Website URL or domain; the registrable domain is matched (primary and alternative domains).')
  website?: string;

  @Text(2048, 'Same as website.')
  domain?: string;

  @Text(2048, 'Professional-network company page URL, any spelling.')
  netx_url?: string;

  @Text(32, 'Professional-network numeric company id.')
  netx_id?: string;

  @Text(
    2048,
    'Company page on a supported network (X/Twitter, GitHub, Facebook, or the professional network).',
  )
  social_url?: string;

  @Text(32, 'Ticker symbol, optionally with its exchange: ABCD, NASDAQ:ABCD, $ABCD.')
  ticker?: string;

  @Text(64, 'Exact record id.')
  svc_id?: string;
}
