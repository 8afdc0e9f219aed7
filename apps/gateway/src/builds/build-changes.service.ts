import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, QueryRunner } from 'typeorm';
import { BuildKind, CHANGES_PAGE_SCAN_LIMIT, DEFAULT_CHANGES_PAGE_SIZE, ServiceError } from '@app/contracts';
import { buildKindOf, changesPage, ChangesPage, findBuild, RecordVanishedError } from '@app/store';
import { sandboxPath } from '../access/scope';
import { ChangelogScope, readCursor, writeCursor } from './changes-cursor';
import { BuildChangeDto, BuildChangesDto } from './dto/build-changes.dto';
import type { BuildChangesQueryDto } from './dto/build-changes-query.dto';

@Injectable()
export class BuildChangesService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * One page of the changelog from `from` to `to` (docs/data-builds.md, "Changelog"). The cursor
   * is checked before any read; the builds and the page are read in one read-only snapshot, so a
   * build dropped or loaded again meanwhile never gives a page read half before and half after.
   * Every statement runs under the pool's statement timeout.
   */
  async page(kind: BuildKind, query: BuildChangesQueryDto): Promise<BuildChangesDto> {
    const scope: ChangelogScope = { kind, from: query.from, to: query.to, entity: query.entity ?? 'person' };
    const after = query.cursor === undefined ? null : readCursor(query.cursor, scope);
    const page = await this.inSnapshot(async (runner) => {
      await this.comparable(runner, scope, 'from');
      await this.comparable(runner, scope, 'to');
      return changesPage(runner, {
        ...scope,
        after,
        size: query.size ?? DEFAULT_CHANGES_PAGE_SIZE,
        scanLimit: CHANGES_PAGE_SCAN_LIMIT,
      });
    });
    return {
      from: scope.from,
      to: scope.to,
      entity: scope.entity,
      changes: page.changes.map(({ svc_id, change, fields_updated }): BuildChangeDto =>
        fields_updated ? { svc_id, change, fields_updated } : { svc_id, change },
      ),
      next_cursor: page.resumeAfter === null ? null : writeCursor(scope, page.resumeAfter),
    };
  }

  /**
   * 404 for a build this path does not know (unknown, or of the other kind: a key limited to the
   * sandbox learns nothing of live builds), 409 for one that is loading or failed: the name is
   * right, the build's state is what refuses (a loading one may be compared once it is ready).
   */
  private async comparable(
    runner: QueryRunner,
    scope: ChangelogScope,
    parameter: 'from' | 'to',
  ): Promise<void> {
    const id = scope[parameter];
    const row = await findBuild(runner, id);
    if (!row || buildKindOf(row) !== scope.kind) {
      const listing = scope.kind === 'sandbox' ? `/${sandboxPath('builds')}` : '/builds';
      throw new ServiceError(
        'not_found',
        `No ${scope.kind} build ${id} is stored (GET ${listing} lists them).`,
        {
          parameter,
          build: id,
        },
      );
    }
    if (row.status !== 'ready')
      throw new ServiceError(
        'conflict',
        `Build ${id} is ${row.status}: only a build that loaded whole can be compared.`,
        { parameter, build: id, status: row.status },
      );
  }

  private async inSnapshot(read: (runner: QueryRunner) => Promise<ChangesPage>): Promise<ChangesPage> {
    const runner = this.db.createQueryRunner();
    try {
      await runner.connect();
      await runner.startTransaction('REPEATABLE READ');
      await runner.query('SET TRANSACTION READ ONLY');
      const page = await read(runner);
      await runner.commitTransaction();
      return page;
    } catch (error) {
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      if (error instanceof RecordVanishedError)
        // Not within one snapshot; should the page ever be read without one, still no 500.
        throw new ServiceError('conflict', `${error.message}; ask again.`, { build: error.build });
      throw error;
    } finally {
      await runner.release();
    }
  }
}
