import { Module } from '@nestjs/common';
import { BuildChangesService } from './build-changes.service';
import { BuildsController } from './builds.controller';
import { BuildsService } from './builds.service';

/**
 * GET /builds and /sandbox/builds: the stored builds of each kind, from the builds table; GET
 * /builds/changes and its mirror: the changelog between two of them, a page at a time. Free.
 */
@Module({
  controllers: [BuildsController],
  providers: [BuildsService, BuildChangesService],
})
export class BuildsModule {}
