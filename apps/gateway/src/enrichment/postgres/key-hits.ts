import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { type KeyHits, lookUpPersonKeys, type PersonKey, type PersonKeyFinder } from '@app/store';
import { Coalescer } from '../../coalescer';

/**
 * Person key lookups, grouped per build while one is in flight (Coalescer): identifier queries
 * are the cheapest requests, so their per-statement cost (a round trip, executor start) is
 * most of what Postgres spends on them.
 */
@Injectable()
export class KeyHitQueue implements PersonKeyFinder {
  private readonly batches: Coalescer<string, readonly PersonKey[], KeyHits>;

  constructor(@InjectDataSource() private readonly db: DataSource) {
    this.batches = new Coalescer((build, requests) => lookUpPersonKeys(this.db, build, requests));
  }

  find(buildId: string, keys: readonly PersonKey[]): Promise<KeyHits> {
    return this.batches.submit(buildId, keys);
  }
}
