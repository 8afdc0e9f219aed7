import type { Type } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import type { Entity } from '@app/contracts';
import { ApiRecordProperty } from '../../openapi/record-schemas';
import { schemaNamed } from '../../openapi/schema-name';

export interface SearchPage {
  matches: Record<string, unknown>[];
  total: number;
  next_cursor: string | null;
}

/**
 * `{matches: [{person|company}], total}` as search answers it; discovery extends it. The record
 * is a search result (a subset of the record's fields, docs/shaping.md), shaped.
 */
export function searchResponseType(entity: Entity, name: string): Type<SearchPage> {
  class Match {
    @ApiRecordProperty(entity)
    [entity]!: Record<string, unknown>;
  }
  schemaNamed(Match, `${name}Match`);

  class Response implements SearchPage {
    @ApiProperty({ type: [Match], description: 'One page of results.' })
    matches!: Record<string, unknown>[];

    @ApiProperty({
      type: 'integer',
      description: 'Rows the WHERE clause matches in all (Total-Count-Status says how it was counted).',
    })
    total!: number;

    @ApiProperty({
      type: 'string',
      nullable: true,
      pattern: '^[A-Za-z0-9_-]+$',
      description:
        'Send it back as `cursor` (with the same query, without `offset`) for the next page; `null` when this page ends the result set. Opaque; expires after SEARCH_CURSOR_KEEP_ALIVE_SECONDS idle (120 by default). docs/search-sql.md, "Paging".',
    })
    next_cursor!: string | null;
  }
  return schemaNamed(Response, `${name}Response`);
}

export const PERSON_SEARCH_RESPONSE = searchResponseType('person', 'PersonSearch');
export const COMPANY_SEARCH_RESPONSE = searchResponseType('company', 'CompanySearch');
