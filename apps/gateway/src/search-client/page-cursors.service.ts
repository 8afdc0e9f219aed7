import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, cursorSecret } from '@app/config';
import { type PageContinuation, ServiceError } from '@app/contracts';
import { KeyBudgets } from '../access';
import {
  type CursorScope,
  type DiscoverReading,
  type OpenedCursor,
  openCursor,
  sealCursor,
} from './page-cursor';

/**
 * Search and discover cursors under CURSOR_SECRET (read at boot: a production gateway without it
 * does not start). A cursor lives as long as its walk's point-in-time, from the page that wrote it.
 */
@Injectable()
export class PageCursors {
  private readonly key: Buffer;
  private readonly keepAliveMs: number;

  constructor(
    private readonly budgets: KeyBudgets,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.key = cursorSecret(config);
    this.keepAliveMs = config.search.cursorKeepAliveSeconds * 1000;
  }

  /** The next page's cursor, or null when the page ended the walk. */
  seal(
    scope: CursorScope,
    next: PageContinuation | null,
    reading: DiscoverReading | null = null,
  ): string | null {
    return next ? sealCursor(scope, next, reading, this.key, Date.now() + this.keepAliveMs) : null;
  }

  /**
   * The walk a cursor continues. The page that opens a walk's point-in-time (its second) takes a
   * token of the key's `cursor_walk` budget first, so no one key can hold the engine's contexts.
   */
  async open(raw: string, scope: CursorScope, keyId: number): Promise<OpenedCursor> {
    const opened = openCursor(raw, scope, this.key, Date.now());
    if (opened.next.pit === null && !(await this.budgets.take('cursor_walk', keyId)))
      throw new ServiceError(
        'rate_limited',
        'This key started its most cursor walks for this minute (each holds search-engine resources until it ends or idles out). Finish or abandon open walks, page with offset, or retry within a minute.',
        { limit: 'cursor_walk', retry_after_seconds: 60 },
      );
    return opened;
  }
}
