import { Module } from '@nestjs/common';
import { BuildsController } from './builds.controller';
import { BuildsService } from './builds.service';

/** GET /builds and /sandbox/builds: the stored builds of each kind, from the builds table; free. */
@Module({
  controllers: [BuildsController],
  providers: [BuildsService],
})
export class BuildsModule {}
