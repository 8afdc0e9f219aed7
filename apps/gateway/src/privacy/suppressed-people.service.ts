import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '@app/config';
import type { SuppressionsChangedEvent } from '@app/contracts';
import { suppressedPeople, suppressionsSignature } from '@app/privacy';
import { BroadcastListener, SUPPRESSIONS_CHANGED, suppressionEvents } from '@app/server';

/**
 * Checked this often even when every broadcast arrives (read again when it changed): the one
 * bound that holds when NATS cannot deliver one (a suppression has removed the records already).
 */
export const SUPPRESSIONS_RELOAD_MS = 60_000;

/**
 * The svc_ids standing suppressions name, which this gateway never answers with. A suppression
 * removes the records from both stores before it returns, so this set guards only what a process
 * may hold past that: cached scoring slices, a lookup in flight. Read at boot, added to at once
 * by `privacy.suppressions-changed` broadcasts, and read whole again after each broadcast, each
 * (re)subscription and every SUPPRESSIONS_RELOAD_MS.
 */
@Injectable()
export class SuppressedPeople implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('SuppressedPeople');
  private ids = new Set<string>();
  private listener: BroadcastListener<SuppressionsChangedEvent> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private reloading: Promise<void> | null = null;
  /** Ids heard while a read is in flight: the read may have begun before their suppression committed. */
  private heard: Set<string> | null = null;
  /** suppressionsSignature as of the last complete read. */
  private signature: string | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.reload();
    this.listener = await BroadcastListener.start(
      this.config,
      SUPPRESSIONS_CHANGED,
      {
        received: (event) => this.add(event.svc_ids),
        listening: (on) => {
          if (on) void this.reload();
        },
      },
      this.logger,
    );
    this.timer = setInterval(() => void this.reloadIfChanged(), SUPPRESSIONS_RELOAD_MS);
    this.timer.unref();
  }

  has(svcId: string): boolean {
    return this.ids.has(svcId);
  }

  /** After a suppression made here: at once on this process, then on every other gateway. */
  async changed(svcIds: readonly string[]): Promise<'sent' | `failed: ${string}`> {
    this.add(svcIds);
    try {
      if (!this.listener) throw new Error('not listening yet');
      await this.listener.publish(suppressionEvents(svcIds));
      return 'sent';
    } catch (error) {
      return `failed: ${(error as Error).message}`;
    }
  }

  private add(svcIds: readonly string[]): void {
    for (const id of svcIds) {
      this.ids.add(id);
      this.heard?.add(id);
    }
    void this.reload();
  }

  /** The periodic check: the whole list is read again only when its signature moved. */
  private async reloadIfChanged(): Promise<void> {
    try {
      if ((await suppressionsSignature(this.db)) !== this.signature) await this.reload();
    } catch (error) {
      this.logger.warn(`could not check the suppressions (${(error as Error).message})`);
    }
  }

  /** One read at a time; a failed read keeps the set it had (never fewer suppressions than known). */
  private reload(): Promise<void> {
    if (this.reloading) return this.reloading;
    const heard = new Set<string>();
    this.heard = heard;
    // The signature first: a change landing during the read is seen by the next check.
    this.reloading = suppressionsSignature(this.db)
      .then(async (signature) => {
        const ids = await suppressedPeople(this.db);
        this.ids = new Set([...ids, ...heard]);
        this.signature = signature;
      })
      .catch((error: Error) => this.logger.warn(`could not read the suppressions (${error.message})`))
      .finally(() => {
        this.reloading = null;
        this.heard = null;
      });
    return this.reloading;
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.listener?.close();
  }
}
