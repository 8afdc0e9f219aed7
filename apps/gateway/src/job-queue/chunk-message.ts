/** What a queue message names: one chunk of one job. Everything else is read from Postgres. */
export interface ChunkMessage {
  job_id: string;
  chunk_no: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const decoder = new TextDecoder();

/** Validated at the trust boundary: anything else on the subject is dropped, never run. */
export function parseChunkMessage(data: Uint8Array): ChunkMessage | null {
  try {
    const value = JSON.parse(decoder.decode(data)) as Partial<ChunkMessage>;
    if (typeof value.job_id !== 'string' || !UUID.test(value.job_id)) return null;
    if (!Number.isSafeInteger(value.chunk_no) || (value.chunk_no as number) < 0) return null;
    return { job_id: value.job_id, chunk_no: value.chunk_no as number };
  } catch {
    return null;
  }
}
