import { gzipSync } from 'node:zlib';
import { MAX_JOB_UPLOAD_BYTES } from './limits';
import { parseJobUpload } from './upload';

const person = { entity: 'person' as const };

describe('parseJobUpload', () => {
  it('reads each format by its media type', async () => {
    const json = Buffer.from(JSON.stringify({ requests: [{ email: 'a@b.co' }], pretty: true }));
    expect(await parseJobUpload(json, 'application/json', person)).toEqual({
      ok: true,
      items: [{ index: 0, params: { email: 'a@b.co' } }],
      defaults: { pretty: true },
    });
    const jsonl = Buffer.from('{"email":"a@b.co"}\n');
    expect(await parseJobUpload(jsonl, 'application/x-ndjson', person)).toMatchObject({
      items: [{ index: 0, line: 1, params: { email: 'a@b.co' } }],
    });
    const csv = Buffer.from('\uFEFFname,metadata.id\r\nAcme,7\r\n');
    expect(await parseJobUpload(csv, 'text/csv', { entity: 'company' })).toMatchObject({
      items: [{ index: 0, line: 2, params: { name: 'Acme' }, metadata: { id: '7' } }],
    });
  });

  it('gunzips when labeled gzip or when the bytes say so', async () => {
    const gz = gzipSync(Buffer.from('{"email":"a@b.co"}\n'));
    for (const contentEncoding of ['gzip', undefined]) {
      expect(await parseJobUpload(gz, 'application/jsonl', { ...person, contentEncoding })).toMatchObject({
        ok: true,
      });
    }
  });

  it('refuses a gzip bomb once the inflated size passes the limit', async () => {
    const member = gzipSync(Buffer.alloc(16 * 1024 * 1024, '\n'), { level: 9 });
    const bomb = Buffer.concat(Array.from({ length: 64 }, () => member));
    expect(await parseJobUpload(bomb, 'application/jsonl', person)).toMatchObject({
      ok: false,
      code: 'payload_too_large',
      reason: `an upload holds at most ${MAX_JOB_UPLOAD_BYTES} bytes once inflated`,
    });
  });

  it('refuses what breaks a size limit before parsing it', async () => {
    const limits = { maxBytes: 100, maxJsonBytes: 50 };
    expect(await parseJobUpload(Buffer.alloc(101, 0x20), 'text/csv', { ...person, limits })).toMatchObject({
      code: 'payload_too_large',
      reason: 'an upload holds at most 100 bytes, this one 101',
    });
    const json = Buffer.from(JSON.stringify({ requests: [{ full_name: 'x'.repeat(60) }] }));
    expect(await parseJobUpload(json, 'application/json', { ...person, limits })).toMatchObject({
      code: 'payload_too_large',
      reason: expect.stringContaining('send larger jobs as JSONL or CSV'),
    });
  });

  it('refuses other media types, encodings, invalid UTF-8 and empty bodies', async () => {
    const body = Buffer.from('{"email":"a@b.co"}');
    expect(await parseJobUpload(body, 'text/plain', person)).toMatchObject({
      code: 'unsupported_media_type',
    });
    expect(
      await parseJobUpload(body, 'application/jsonl', { ...person, contentEncoding: 'br' }),
    ).toMatchObject({
      code: 'unsupported_media_type',
    });
    expect(await parseJobUpload(Buffer.from([0x22, 0xff, 0x22]), 'text/csv', person)).toMatchObject({
      code: 'malformed',
      reason: 'the upload is not valid UTF-8',
    });
    expect(await parseJobUpload(Buffer.from(' \n'), 'application/json', person)).toMatchObject({
      code: 'empty',
    });
    const corrupt = gzipSync(body).subarray(0, 12);
    expect(await parseJobUpload(corrupt, 'application/jsonl', person)).toMatchObject({ code: 'malformed' });
  });
});
