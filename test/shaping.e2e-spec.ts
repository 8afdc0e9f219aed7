import type { InjectOptions } from 'fastify';
import { Body, Controller, Get, HttpCode, Module, Post, Query } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { IsOptional, IsString } from 'class-validator';
import { loadConfig } from '@app/config';
import { PERSON_RECORD_FIELDS, type PersonRecord } from '@app/contracts';
import { companyFixture, personFixture } from '@app/contracts/testing';
import { createHttpApp } from '@app/server';
import { Shaped, ShapingParamsDto } from '../apps/gateway/src/shaping';

/** A served sparse person: full shape, unknown values null, an empty list, null parts in its work history. */
function sparsePerson(): PersonRecord {
  const p = personFixture();
  Object.assign(p, {
    middle_name: null,
    middle_initial: null,
    job_title: null,
    city: null,
    state: null,
    company_industry: null,
    headline: null,
    summary: null,
    work_email: null,
    skills: [],
  });
  p.experience[0] = { ...p.experience[0], title: null, organization: null };
  p.locations[1] = { ...p.locations[1], postal_code: null, city: null };
  return p;
}

class ProbeSearchDto extends ShapingParamsDto {
  @IsString()
  query!: string;
}

class ProbeEnrichQueryDto extends ShapingParamsDto {
  @IsOptional()
  @IsString()
  email?: string;
}

const metadata = { matched_on: ['email'], match_type: 'exact', match_confidence: 'high' };
let handlerCalls = 0;

@Controller('probe')
class ProbeController {
  @Post('person/search')
  @HttpCode(200)
  @Shaped('person')
  searchPeople(@Body() _body: ProbeSearchDto) {
    handlerCalls++;
    return {
      matches: [{ person: personFixture() }, { person: { ...personFixture(), full_name: "ann o'brien" } }],
      total: 2,
    };
  }

  @Get('person/enrich')
  @Shaped('person')
  enrichPerson(@Query() _query: ProbeEnrichQueryDto) {
    handlerCalls++;
    return { matches: [{ person: personFixture(), match_metadata: metadata }], total: 1 };
  }

  @Post('company/search')
  @HttpCode(200)
  @Shaped('company')
  searchCompanies(@Body() _body: ProbeSearchDto) {
    return { matches: [{ company: companyFixture() }], total: 1 };
  }

  @Post('person/sparse')
  @HttpCode(200)
  @Shaped('person')
  sparse(@Body() _body: ProbeSearchDto) {
    return { matches: [{ person: sparsePerson(), match_metadata: metadata }], total: 1 };
  }

  @Post('unshaped')
  @HttpCode(200)
  unshaped(@Body() _body: ProbeSearchDto) {
    return { matches: [{ person: personFixture() }], total: 1 };
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

/** Shaping parameters over HTTP: POST bodies, GET query strings, pretty output and errors. */
describe('response shaping over HTTP', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await createHttpApp(ProbeModule, loadConfig({ LOG_LEVEL: 'silent' }), 'probe');
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });

  afterAll(() => app.close());

  const inject = (opts: InjectOptions) => app.getHttpAdapter().getInstance().inject(opts);
  const search = (payload: Record<string, unknown>) =>
    inject({
      method: 'POST',
      url: '/probe/person/search',
      payload: { query: 'SELECT * FROM people', ...payload },
    });

  function expectErrorShape(body: Record<string, unknown>) {
    expect(Object.keys(body).sort()).toEqual(['details', 'error', 'message']);
    expect(body.error).toBe('validation_failed');
  }

  it('returns records as stored when no shaping parameter is given', async () => {
    const res = await search({});
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json().matches[0].person).toEqual(personFixture());
    expect(res.body).not.toContain('\n');
  });

  it('applies include, exclude and titlecase from a POST body', async () => {
    const res = await search({
      include_fields: 'full_name,emails',
      exclude_fields: 'emails.hash_sha256,emails.hash_sha1,emails.hash_md5,emails.num_sources',
      titlecase: true,
    });
    expect(res.statusCode).toBe(200);
    const { matches, total } = res.json();
    expect(total).toBe(2);
    expect(matches.map((m: { person: { full_name: string } }) => m.person.full_name)).toEqual([
      'Dana Marie Whitfield',
      "Ann O'Brien",
    ]);
    expect(Object.keys(matches[0].person)).toEqual(['full_name', 'emails']);
    expect(Object.keys(matches[0].person.emails[0]).sort()).toEqual(
      ['address', 'confidence', 'current', 'last_seen', 'type', 'validated', 'validation_status'].sort(),
    );
    expect(matches[0].person.emails[0].address).toBe('dana.whitfield@example.com');
  });

  it('reads the parameters from the query string of a GET and keeps match_metadata', async () => {
    const res = await inject({
      method: 'GET',
      url: '/probe/person/enrich?email=dana.whitfield%40example.com&titlecase=true&include_fields=job_title,experience.organization.name.cleaned&exclude_fields=svc_id',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      matches: [
        {
          person: {
            job_title: 'Senior Software Engineer',
            experience: [
              { organization: { name: { cleaned: 'Acme Analytics' } } },
              { organization: { name: { cleaned: 'Globex Logistics' } } },
              { organization: { name: { cleaned: 'Initech' } } },
            ],
          },
          match_metadata: metadata,
        },
      ],
      total: 1,
    });
  });

  it('accepts titlecase=false in a query string', async () => {
    const res = await inject({
      method: 'GET',
      url: '/probe/person/enrich?titlecase=false&include_fields=full_name',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().matches[0].person).toEqual({ full_name: 'dana marie whitfield' });
  });

  it('indents the JSON when pretty is true, in a body or a query string', async () => {
    for (const res of [
      await search({ pretty: true, include_fields: 'full_name' }),
      await inject({ method: 'GET', url: '/probe/person/enrich?pretty=true&include_fields=full_name' }),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.body).toBe(JSON.stringify(res.json(), null, 2));
      expect(res.body.split('\n')[1]).toBe('  "matches": [');
    }
  });

  it('shapes company records with the company field tree', async () => {
    const res = await inject({
      method: 'POST',
      url: '/probe/company/search',
      payload: {
        query: 'SELECT * FROM companies',
        include_fields: 'name.cleaned,industry,domain',
        titlecase: true,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().matches[0].company).toEqual({
      name: { cleaned: 'Acme Analytics' },
      domain: 'acme-analytics.example.com',
      industry: 'Computer Software',
    });
  });

  it('answers an unknown include field with 422 naming it and the closest fields, before the handler runs', async () => {
    const before = handlerCalls;
    const res = await search({ include_fields: 'full_name,job_titel' });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expectErrorShape(body);
    expect(body.message).toContain('"job_titel"');
    expect(body.details).toEqual([
      expect.objectContaining({
        field: 'include_fields',
        unknown: ['job_titel'],
        suggestions: { job_titel: expect.arrayContaining(['job_title']) },
      }),
    ]);
    expect(handlerCalls).toBe(before);
  });

  it('answers an unknown field in a GET query string with 422 too', async () => {
    const res = await inject({ method: 'GET', url: '/probe/person/enrich?exclude_fields=match_metadata' });
    expect(res.statusCode).toBe(422);
    expectErrorShape(res.json());
    expect(res.json().details[0].field).toBe('exclude_fields');
  });

  it('answers a non-boolean titlecase with 422 in the field-problem shape', async () => {
    for (const res of [
      await search({ titlecase: 'yes' }),
      await inject({ method: 'GET', url: '/probe/person/enrich?pretty=maybe' }),
    ]) {
      expect(res.statusCode).toBe(422);
      expectErrorShape(res.json());
      expect(res.json().details[0]).toEqual({
        field: expect.stringMatching(/^(titlecase|pretty)$/),
        problems: [expect.any(String)],
      });
    }
  });

  it('rejects a misnamed shaping parameter through the whitelisting pipe', async () => {
    const res = await search({ exclude: 'emails' });
    expect(res.statusCode).toBe(422);
    expectErrorShape(res.json());
    expect(res.json().details.map((d: { field: string }) => d.field)).toEqual(['exclude']);
  });

  describe('sparse records', () => {
    const sparse = (payload: Record<string, unknown>) =>
      inject({ method: 'POST', url: '/probe/person/sparse', payload: { query: 'x', ...payload } });

    it('returns an unknown value as null and an empty list as [], keeping the full shape', async () => {
      const res = await sparse({});
      expect(res.statusCode).toBe(200);
      const person = res.json().matches[0].person;
      expect(person).toEqual(sparsePerson());
      expect(Object.keys(person)).toEqual([...PERSON_RECORD_FIELDS]);
      expect(res.body).toContain('"job_title":null');
      expect(res.body).toContain('"skills":[]');
    });

    it('keeps nulls through titlecase, include_fields and exclude_fields', async () => {
      const res = await sparse({
        titlecase: true,
        include_fields:
          'full_name,middle_name,job_title,city,headline.cleaned,skills,experience.title.cleaned,experience.organization.name,locations.city,locations.postal_code',
        exclude_fields: 'locations.postal_code',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().matches[0]).toEqual({
        person: {
          full_name: 'Dana Marie Whitfield',
          middle_name: null,
          city: null,
          job_title: null,
          headline: null,
          skills: [],
          locations: [{ city: 'San Francisco' }, { city: null }],
          experience: [
            { title: null, organization: null },
            {
              title: { cleaned: 'Software Engineer' },
              organization: { name: { cleaned: 'Globex Logistics', raw: expect.any(Array) } },
            },
            {
              title: { cleaned: 'Software Engineering Intern' },
              organization: { name: { cleaned: 'Initech', raw: expect.any(Array) } },
            },
          ],
        },
        match_metadata: metadata,
      });
      expect(res.body).not.toMatch(/"Null"|"null"/);
    });

    it('writes nulls in pretty output', async () => {
      const res = await sparse({ pretty: true, include_fields: 'job_title,headline' });
      expect(res.body).toBe(
        JSON.stringify(
          { matches: [{ person: { job_title: null, headline: null }, match_metadata: metadata }], total: 1 },
          null,
          2,
        ),
      );
    });
  });

  it('leaves handlers without @Shaped alone', async () => {
    const res = await inject({
      method: 'POST',
      url: '/probe/unshaped',
      payload: { query: 'x', titlecase: true, include_fields: 'nope' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().matches[0].person).toEqual(personFixture());
  });
});
