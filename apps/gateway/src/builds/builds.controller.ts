import { Controller } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { BuildKind } from '@app/contracts';
import { ApiKeyAuth, GetLiveAndSandbox, RateLimit, RouteBuildKind } from '../access';
import { BuildsService } from './builds.service';
import { BuildListDto } from './dto/build-list.dto';

@ApiTags('builds')
@ApiKeyAuth()
@Controller()
export class BuildsController {
  constructor(private readonly builds: BuildsService) {}

  @GetLiveAndSandbox('builds', {
    summary: 'List the stored data builds, their counts and activation times (free)',
    sandboxSummary: 'List the stored sandbox builds (free)',
  })
  @RateLimit('default')
  @ApiOkResponse({ type: BuildListDto, description: 'At most 1,000 builds, newest first.' })
  list(@RouteBuildKind() kind: BuildKind): Promise<BuildListDto> {
    return this.builds.list(kind);
  }
}
