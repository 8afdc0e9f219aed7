import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig, cursorSecret } from '@app/config';
import { ServiceError } from '@app/contracts';
import {
  apiRequestPage,
  type ApiRequestFilter,
  chargedGroups,
  keyPrefixes,
  requestedGroups,
  type UsageGrouping,
} from '@app/store';
import type { Caller } from '../access';
import { endpointName } from '../access-log';
import { DEFAULT_EVENTS_PAGE, type UsageEventsQueryDto } from './dto/usage-events-query.dto';
import type { UsageEventsDto } from './dto/usage-events.dto';
import type { UsageQueryDto } from './dto/usage-query.dto';
import type { UsageDto, UsageFiguresDto, UsageGroupDto } from './dto/usage.dto';
import { EventsCursors, type EventsQuery, invalidCursor } from './events-cursor';
import { usageWindow } from './usage-window';

const zero = (): UsageFiguresDto => ({ credits: 0, matches: 0, requests: 0, errors: 0 });

/** GET /usage and GET /usage/events (docs/usage.md): the caller's team only. */
@Injectable()
export class UsageService {
  private readonly cursors: EventsCursors;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    // The key that seals search cursors, shared by every gateway; the tag's input names usage
    // events, so a cursor of one kind is never one of the other.
    this.cursors = new EventsCursors(cursorSecret(config));
  }

  async summary(caller: Caller, query: UsageQueryDto, now = new Date()): Promise<UsageDto> {
    const { from, to } = usageWindow(query.from, query.to, now);
    const by: UsageGrouping = query.group_by ?? 'day';
    const window = { teamId: caller.teamId, from, to };
    const [charged, requested] = await Promise.all([
      chargedGroups(this.db, window, by),
      requestedGroups(this.db, window, by),
    ]);
    const groups = new Map<string | null, UsageFiguresDto>();
    const figures = (group: string | null) => {
      // A charge no request names keeps usage's path: name it as its route's requests are named.
      const key = by === 'endpoint' && group?.startsWith('/') ? endpointName(group) : group;
      let f = groups.get(key);
      if (!f) groups.set(key, (f = zero()));
      return f;
    };
    for (const c of charged) {
      const f = figures(c.group);
      f.credits += c.credits;
      f.matches += c.matches;
    }
    for (const r of requested) {
      const f = figures(r.group);
      f.requests += r.requests;
      f.errors += r.errors;
    }
    const rows = await this.labelled(caller.teamId, by, groups);
    const total = zero();
    for (const [, f] of groups) {
      total.credits += f.credits;
      total.matches += f.matches;
      total.requests += f.requests;
      total.errors += f.errors;
    }
    return { from: from.toISOString(), to: to.toISOString(), group_by: by, groups: rows, total };
  }

  async events(caller: Caller, query: UsageEventsQueryDto, now = new Date()): Promise<UsageEventsDto> {
    const limit = query.limit ?? DEFAULT_EVENTS_PAGE;
    const asked = this.eventsQuery(caller, query, now);
    let q = asked;
    let after = null;
    if (query.cursor !== undefined) {
      const read = this.cursors.read(caller.teamId, query.cursor);
      q = read.q;
      after = read.after;
      const differ = (['from', 'to', 'endpoint', 'keyId'] as const).filter(
        (k) => given(query, k) && asked[k] !== q[k],
      );
      if (differ.length > 0)
        throw invalidCursor(`it continues another query (its ${differ.map(paramOf).join(', ')} differ)`);
    }
    const filter: ApiRequestFilter = {
      teamId: caller.teamId,
      from: new Date(q.from),
      to: new Date(q.to),
      endpoint: q.endpoint,
      apiKeyId: q.keyId,
    };
    // One more than the page: whether another page follows, without a count.
    const rows = await apiRequestPage(this.db, filter, after, limit + 1);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      from: q.from,
      to: q.to,
      events: page.map((r) => ({
        id: r.request_id,
        time: r.at,
        method: r.method,
        endpoint: r.endpoint,
        status: r.status,
        credits: r.credits,
        sandbox: r.sandbox,
        key_id: r.api_key_id,
        key_prefix: r.key_prefix,
      })),
      next_cursor:
        rows.length > limit ? this.cursors.write(caller.teamId, q, { at: last.at, id: last.id }) : null,
    };
  }

  /**
   * The query a request asks, resolved. An agent key reads its own key's events only (docs/usage.md):
   * its key_id is its own whether it names it or not, and naming another key is refused.
   */
  private eventsQuery(caller: Caller, query: UsageEventsQueryDto, now: Date): EventsQuery {
    if (caller.kind === 'agent' && query.key_id !== undefined && query.key_id !== caller.keyId)
      throw new ServiceError(
        'forbidden',
        'An agent key reads the events of its own key only; leave key_id out.',
        {
          parameter: 'key_id',
        },
      );
    // A cursor's window is the first page's: only a from or to given again is resolved and compared.
    const { from, to } = usageWindow(query.from, query.to, now);
    return {
      from: from.toISOString(),
      to: to.toISOString(),
      endpoint: query.endpoint ?? null,
      keyId: caller.kind === 'agent' ? caller.keyId : (query.key_id ?? null),
    };
  }

  /** The groups as the answer lists them: days in order, endpoints by name, keys by id with their prefix. */
  private async labelled(
    teamId: number,
    by: UsageGrouping,
    groups: Map<string | null, UsageFiguresDto>,
  ): Promise<UsageGroupDto[]> {
    const entries = [...groups];
    if (by === 'day') return entries.sort(([a], [b]) => cmp(a, b)).map(([day, f]) => ({ day: day!, ...f }));
    if (by === 'endpoint')
      return entries.sort(([a], [b]) => cmp(a, b)).map(([endpoint, f]) => ({ endpoint: endpoint!, ...f }));
    const ids = entries.map(([k]) => (k === null ? null : Number(k)));
    const prefixes = await keyPrefixes(
      this.db,
      teamId,
      ids.filter((id): id is number => id !== null),
    );
    return entries
      .map(([k, f]) => {
        const id = k === null ? null : Number(k);
        return { key_id: id, key_prefix: id === null ? null : (prefixes.get(id) ?? null), ...f };
      })
      .sort((a, b) => (a.key_id ?? 0) - (b.key_id ?? 0));
  }
}

const cmp = (a: string | null, b: string | null) => (a ?? '').localeCompare(b ?? '');
const paramOf = (k: keyof EventsQuery) => (k === 'keyId' ? 'key_id' : k);

function given(query: UsageEventsQueryDto, k: keyof EventsQuery): boolean {
  return (k === 'keyId' ? query.key_id : query[k]) !== undefined;
}
