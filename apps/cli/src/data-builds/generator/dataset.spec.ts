import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createContext, generateCompany, generateDataset, generatePerson } from './index';

describe('generateDataset', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'svc-gen-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes exactly one JSON record per line, equal to the in-memory records', async () => {
    const progress: { people: number; companies: number }[] = [];
    const result = await generateDataset({
      seed: 5,
      people: 250,
      companies: 30,
      outDir: dir,
      workers: 0,
      onProgress: (d) => progress.push(d),
    });
    expect(result.people).toBe(250);
    expect(result.companies).toBe(30);
    expect(result.files).toEqual([join(dir, 'companies.jsonl'), join(dir, 'people.jsonl')]);
    const peopleText = await readFile(join(dir, 'people.jsonl'), 'utf8');
    const companyText = await readFile(join(dir, 'companies.jsonl'), 'utf8');
    expect(peopleText.endsWith('\n')).toBe(true);
    const lines = peopleText.split('\n').slice(0, -1);
    expect(lines).toHaveLength(250);
    expect(companyText.split('\n').slice(0, -1)).toHaveLength(30);
    const c = createContext({ seed: 5, people: 250, companies: 30 });
    expect(JSON.parse(lines[249])).toEqual(generatePerson(c, 249));
    expect(JSON.parse(companyText.split('\n')[0])).toEqual(generateCompany(c, 0));
    expect(result.bytes).toBe(Buffer.byteLength(peopleText) + Buffer.byteLength(companyText));
    expect(progress.at(-1)).toEqual({ people: 250, companies: 30 });
  });

  it('writes the dense records with dense: true', async () => {
    const out = join(dir, 'dense');
    await generateDataset({ seed: 5, people: 40, companies: 6, outDir: out, workers: 0, dense: true });
    const lines = (await readFile(join(out, 'people.jsonl'), 'utf8')).split('\n');
    const c = createContext({ seed: 5, people: 40, companies: 6, dense: true });
    expect(JSON.parse(lines[39])).toEqual(generatePerson(c, 39));
    const companyLines = (await readFile(join(out, 'companies.jsonl'), 'utf8')).split('\n');
    expect(JSON.parse(companyLines[5])).toEqual(generateCompany(c, 5));
  });

  it('writes byte-identical files for the same seed', async () => {
    const a = join(dir, 'a');
    const b = join(dir, 'b');
    await generateDataset({ seed: 9, people: 120, companies: 12, outDir: a, workers: 0 });
    await generateDataset({ seed: 9, people: 120, companies: 12, outDir: b, workers: 0 });
    // Buffer.equals: Jest's deep equality walks a Buffer byte by byte.
    expect((await readFile(join(a, 'people.jsonl'))).equals(await readFile(join(b, 'people.jsonl')))).toBe(
      true,
    );
    expect(
      (await readFile(join(a, 'companies.jsonl'))).equals(await readFile(join(b, 'companies.jsonl'))),
    ).toBe(true);
  });

  it('writes empty files for an empty dataset', async () => {
    const e = join(dir, 'empty');
    const result = await generateDataset({ seed: 1, people: 0, companies: 0, outDir: e, workers: 0 });
    expect(result).toMatchObject({ people: 0, companies: 0, bytes: 0 });
    expect(await readFile(join(e, 'people.jsonl'), 'utf8')).toBe('');
  });
});
