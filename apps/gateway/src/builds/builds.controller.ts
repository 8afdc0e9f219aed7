import { Controller, Query } from '@nestjs/common';
import { ApiOkResponse, ApiResponse, ApiTags } from '@nestjs/swagger';
import { type BuildKind, CHANGES_PAGE_SCAN_LIMIT } from '@app/contracts';
import { ApiKeyAuth, GetLiveAndSandbox, RateLimit, RouteBuildKind } from '../access';
import { BuildChangesService } from './build-changes.service';
import { BuildsService } from './builds.service';
import { BuildChangesQueryDto } from './dto/build-changes-query.dto';
import { BuildChangesDto } from './dto/build-changes.dto';
import { BuildListDto } from './dto/build-list.dto';

@ApiTags('builds')
@ApiKeyAuth()
@Controller()
export class BuildsController {
  constructor(
    private readonly builds: BuildsService,
    private readonly changelog: BuildChangesService,
  ) {}

  @GetLiveAndSandbox('builds', {
    summary: 'List the stored data builds, their counts and activation times (free)',
    sandboxSummary: 'List the stored sandbox builds (free)',
  })
  @RateLimit('default')
  @ApiOkResponse({ type: BuildListDto, description: 'At most 1,000 builds, newest first.' })
  list(@RouteBuildKind() kind: BuildKind): Promise<BuildListDto> {
    return this.builds.list(kind);
  }

  @GetLiveAndSandbox('builds/changes', {
    summary:
      'The records added, deleted and updated from one stored build to another, a page at a time (free)',
    sandboxSummary: 'The changelog between two stored sandbox builds, a page at a time (free)',
  })
  @RateLimit('default')
  @ApiOkResponse({
    type: BuildChangesDto,
    description: `One page in svc_id order. A page examines at most ${CHANGES_PAGE_SCAN_LIMIT.toLocaleString('en-US')} records, so it may hold fewer than \`size\` changes, even none, with next_cursor set: follow next_cursor until it is null.`,
  })
  @ApiResponse({
    status: 400,
    description:
      '`invalid_request`: a cursor that is malformed or continues another changelog (path, from, to or entity).',
  })
  @ApiResponse({
    status: 404,
    description: '`not_found`: no build of this kind (live, or sandbox under /sandbox/) by that name.',
  })
  @ApiResponse({
    status: 409,
    description: '`conflict`: the build is loading or failed to load; only a loaded build can be compared.',
  })
  @ApiResponse({
    status: 422,
    description:
      '`validation_failed`: from or to missing or not `<major>.<minor>.<patch>_<YYYY-MM-DD>`, an unknown entity, size outside 1 to 1,000.',
  })
  changes(@Query() query: BuildChangesQueryDto, @RouteBuildKind() kind: BuildKind): Promise<BuildChangesDto> {
    return this.changelog.page(kind, query);
  }
}
