import { ProtocolError, ProtocolErrorCode, ResourceNotFoundError } from '@modelcontextprotocol/server';
import type { ReadResourceResult, Resource } from '@modelcontextprotocol/server';
import { BuildKind, IndustriesReply, SEARCH_PATTERNS, ServiceError } from '@app/contracts';
import type { SearchClient } from '../search-client/search-client.service';
import { searchCatalog } from './search-catalog';

const JSON_TYPE = 'application/json';

/** A resource and how to read it: what an agent looks up before writing a search. */
interface ResourceSpec extends Resource {
  read(search: SearchClient): Promise<unknown>;
}

const industries = (kind: BuildKind) => async (search: SearchClient) => {
  const reply = await search.send<IndustriesReply>(SEARCH_PATTERNS.industries, { kind });
  return {
    build: kind,
    note: 'Stored lowercase. A filter on an industry not listed returns an empty page, free, with a warning.',
    people: { column: 'company_industry', values: reply.person },
    companies: { column: 'industry', values: reply.company },
  };
};

const RESOURCES: readonly ResourceSpec[] = [
  {
    uri: 'svc://search/columns/people',
    name: 'people-columns',
    title: 'Searchable people columns',
    description:
      'Every column search_people takes, its kind, the operators or forms it takes, and enum values.',
    mimeType: JSON_TYPE,
    read: async () => searchCatalog('person'),
  },
  {
    uri: 'svc://search/columns/companies',
    name: 'companies-columns',
    title: 'Searchable company columns',
    description:
      'Every column search_companies takes, its kind, the operators or forms it takes, and enum values.',
    mimeType: JSON_TYPE,
    read: async () => searchCatalog('company'),
  },
  {
    uri: 'svc://search/industries',
    name: 'industries',
    title: 'Industries of the live data',
    description:
      'The industries the served live build holds (company_industry for people, industry for companies): the values an industry filter can match.',
    mimeType: JSON_TYPE,
    read: industries('live'),
  },
  {
    uri: 'svc://sandbox/search/industries',
    name: 'sandbox-industries',
    title: 'Industries of the sandbox data',
    description:
      'The industries of the fictional sandbox records (for search and discover with sandbox: true).',
    mimeType: JSON_TYPE,
    read: industries('sandbox'),
  },
];

export function listResources(): Resource[] {
  return RESOURCES.map(({ read: _read, ...resource }) => resource);
}

/** A failure of the search service is a protocol error with the service's error body as its data. */
export async function readResource(uri: string, search: SearchClient): Promise<ReadResourceResult> {
  const spec = RESOURCES.find((r) => r.uri === uri);
  if (!spec) throw new ResourceNotFoundError(uri);
  try {
    const text = JSON.stringify(await spec.read(search));
    return { contents: [{ uri, mimeType: JSON_TYPE, text }] };
  } catch (error) {
    if (error instanceof ServiceError)
      throw new ProtocolError(ProtocolErrorCode.InternalError, error.message, error.toBody());
    throw error;
  }
}
