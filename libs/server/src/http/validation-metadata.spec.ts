import 'reflect-metadata';
import { Type } from 'class-transformer';
import { getMetadataStorage, IsInt, IsOptional, IsString, validate, ValidateNested } from 'class-validator';
import { keepValidationMetadata } from './validation-metadata';

class Inner {
  @IsInt()
  n!: number;
}

class Base {
  @IsOptional()
  @IsString()
  name?: string;
}

class Body extends Base {
  @IsOptional()
  @IsString({ groups: ['strict'] })
  tag?: unknown;

  @IsOptional()
  @ValidateNested()
  @Type(() => Inner)
  inner?: Inner;
}

const OPTIONS = { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true };

function body(fields: Record<string, unknown>): Body {
  return Object.assign(new Body(), fields);
}

async function problems(value: object, groups?: string[]): Promise<string[]> {
  const flat = (errors: Awaited<ReturnType<typeof validate>>, parent = ''): string[] =>
    errors.flatMap((e) => [
      ...Object.keys(e.constraints ?? {}).map((c) => `${parent}${e.property}:${c}`),
      ...flat(e.children ?? [], `${parent}${e.property}.`),
    ]);
  return flat(await validate(value, { ...OPTIONS, groups })).sort();
}

describe('keepValidationMetadata', () => {
  const cases: Array<[string, Record<string, unknown>, string[]?]> = [
    ['valid', { name: 'ada', inner: Object.assign(new Inner(), { n: 1 }) }],
    ['inherited rule broken', { name: 3 }],
    ['nested rule broken', { inner: Object.assign(new Inner(), { n: 'x' }) }],
    ['unknown property', { name: 'ada', extra: 1 }],
    ['grouped rule, no groups asked', { tag: 1 }],
    ['grouped rule, its group asked', { tag: 1 }, ['strict']],
    ['grouped rule, another group asked', { tag: 1 }, ['other']],
  ];
  const all = () => Promise.all(cases.map(([, f, groups]) => problems(body(f), groups)));

  it('gives the errors class-validator gives without it: inherited, nested and grouped rules', async () => {
    const before = await all();
    keepValidationMetadata();
    keepValidationMetadata();
    const after = await all();
    expect(after).toEqual(before);
    expect(after[1]).toEqual(['name:isString']);
    expect(after[2]).toEqual(['inner.n:isInt']);
    expect(after[3]).toEqual(['extra:whitelistValidation']);
    // Without groups every rule applies; with groups only theirs, so each group set is its own list.
    expect(after[4]).toEqual(['tag:isString']);
    expect(after[5]).toContain('tag:isString');
    expect(after[6]).not.toContain('tag:isString');
  });

  it('keeps one rule list per class and options, grouped once', () => {
    keepValidationMetadata();
    const storage = getMetadataStorage();
    const first = storage.getTargetValidationMetadatas(Body, '', false, false);
    expect(storage.getTargetValidationMetadatas(Body, '', false, false)).toBe(first);
    expect(storage.getTargetValidationMetadatas(Body, '', true, false)).not.toBe(first);
    expect(storage.groupByPropertyName(first)).toBe(storage.groupByPropertyName(first));
  });

  it('sees a rule added after a validation', async () => {
    keepValidationMetadata();
    class Late {
      @IsString()
      a!: unknown;
      b?: unknown;
    }
    const late = () => Object.assign(new Late(), { a: 'x', b: 'y' });
    expect(await problems(late())).toEqual(['b:whitelistValidation']);
    IsInt()(Late.prototype, 'b');
    expect(await problems(late())).toEqual(['b:isInt']);
  });
});
