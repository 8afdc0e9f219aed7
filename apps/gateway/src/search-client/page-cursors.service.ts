import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, cursorSecret } from '@app/config';
import type { PageContinuation } from '@app/contracts';
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

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
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

  open(raw: string, scope: CursorScope): OpenedCursor {
    return openCursor(raw, scope, this.key, Date.now());
  }
}
