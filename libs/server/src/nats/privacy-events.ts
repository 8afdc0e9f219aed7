import type { AppConfig } from '@app/config';
import { PRIVACY_EVENTS, type SuppressionsChangedEvent, SVC_ID_PATTERN } from '@app/contracts';
import { type BroadcastChannel, broadcastOnce } from './broadcast';

/** ~40 bytes an id: a message stays far below NATS's default 1 MB payload limit. */
const IDS_PER_MESSAGE = 5000;

const decoder = new TextDecoder();

export function parseSuppressionsChanged(data: Uint8Array): SuppressionsChangedEvent | null {
  try {
    const event = JSON.parse(decoder.decode(data)) as Partial<SuppressionsChangedEvent>;
    const ids = event?.svc_ids;
    if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string' && SVC_ID_PATTERN.test(id)))
      return null;
    return { svc_ids: ids };
  } catch {
    return null;
  }
}

export const SUPPRESSIONS_CHANGED: BroadcastChannel<SuppressionsChangedEvent> = {
  event: PRIVACY_EVENTS.suppressionsChanged,
  what: 'suppression changes',
  parse: parseSuppressionsChanged,
};

export function suppressionEvents(svcIds: readonly string[]): SuppressionsChangedEvent[] {
  if (svcIds.length === 0) return [{ svc_ids: [] }];
  const out: SuppressionsChangedEvent[] = [];
  for (let i = 0; i < svcIds.length; i += IDS_PER_MESSAGE)
    out.push({ svc_ids: svcIds.slice(i, i + IDS_PER_MESSAGE) });
  return out;
}

/** Tells every gateway (from a process without a listener of its own); throws when NATS cannot be reached. */
export function broadcastSuppressionChange(config: AppConfig, svcIds: readonly string[]): Promise<void> {
  return broadcastOnce(config, SUPPRESSIONS_CHANGED, suppressionEvents(svcIds));
}
