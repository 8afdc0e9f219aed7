import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Client } from '@opensearch-project/opensearch';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '@app/config';
import {
  type LiftResult,
  listSuppressions,
  type ListOptions,
  type PersonIdentifiers,
  type SubjectReport,
  subjectReport,
  suppress,
  type SuppressionRequest,
  type SuppressionResult,
  type SuppressionSummary,
  unsuppress,
} from '@app/privacy';
import { createOpenSearchClient } from '@app/search-index';
import { operatorTokenActor } from '@app/store';
import { SuppressedPeople } from './suppressed-people.service';

/** Deleting a person's documents and refreshing the live indices: seconds at most. */
const OPENSEARCH_TIMEOUT_MS = 30_000;

export type Broadcast = { broadcast: 'sent' | `failed: ${string}` };

/** The operator's privacy requests over HTTP: the same library calls as the CLI's privacy:* commands. */
@Injectable()
export class PrivacyService implements OnApplicationShutdown {
  private os: Client | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
    private readonly suppressed: SuppressedPeople,
  ) {}

  async suppress(request: SuppressionRequest): Promise<SuppressionResult & Broadcast> {
    this.os ??= createOpenSearchClient(this.config.opensearch, OPENSEARCH_TIMEOUT_MS);
    const result = await suppress(
      { db: this.db, os: this.os, osConfig: this.config.opensearch },
      request,
      this.actor(),
    );
    return { ...result, broadcast: await this.suppressed.changed(result.svc_ids) };
  }

  async unsuppress(id: number): Promise<LiftResult & Broadcast> {
    const result = await unsuppress(this.db, id, this.actor());
    return { ...result, broadcast: await this.suppressed.changed([]) };
  }

  list(options: ListOptions): Promise<SuppressionSummary[]> {
    return listSuppressions(this.db, options);
  }

  report(identifiers: PersonIdentifiers): Promise<SubjectReport> {
    return subjectReport(this.db, identifiers);
  }

  private actor() {
    // OperatorGuard let the request through, so the token is set.
    return operatorTokenActor(this.config.operatorToken!);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.os?.close();
  }
}
