import { ApiProperty } from '@nestjs/swagger';

export class UsageEventDto {
  @ApiProperty({
    description:
      "The request's id: the X-Request-Id it was answered with (the caller's own when it sent a safe one, else made by the gateway).",
  })
  id!: string;

  @ApiProperty({
    description: 'When it was answered (ISO 8601, UTC, microseconds).',
    example: '2026-11-29T13:05:00.123000Z',
  })
  time!: string;

  @ApiProperty({ example: 'POST' })
  method!: string;

  @ApiProperty({
    description: 'The endpoint name; `mcp:<tool>` for an MCP tool call.',
    example: 'person_enrich',
  })
  endpoint!: string;

  @ApiProperty({ type: 'integer', description: 'The HTTP status it was answered with.', example: 200 })
  status!: number;

  @ApiProperty({ type: 'integer', description: 'Credits it was charged.' })
  credits!: number;

  @ApiProperty({ description: 'It ran against the sandbox (free, fictional records).' })
  sandbox!: boolean;

  @ApiProperty({ type: 'integer', nullable: true, description: 'The API key that made it.' })
  key_id!: number | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: "That key's prefix; null if the key was deleted.",
  })
  key_prefix!: string | null;
}

export class UsageEventsDto {
  @ApiProperty({ description: 'First instant included (ISO 8601, UTC).' })
  from!: string;

  @ApiProperty({ description: 'End of the window, excluded (ISO 8601, UTC).' })
  to!: string;

  @ApiProperty({ type: [UsageEventDto], description: 'Newest first.' })
  events!: UsageEventDto[];

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Pass as `cursor` for the next page; null on the last page.',
  })
  next_cursor!: string | null;
}
