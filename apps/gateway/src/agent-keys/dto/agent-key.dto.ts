import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

export class AgentKeyRequestDto {
  @ApiPropertyOptional({
    description:
      'The team the key bills. Needed only when the approving person belongs to several teams ' +
      '(the 409 lists them in details.teams).',
    example: 42,
    type: 'integer',
    minimum: 1,
    maximum: 2147483647,
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(2147483647)
  team_id?: number;
}

export class AgentKeyResponseDto {
  @ApiProperty({
    description:
      "The agent's API key, for the API-Key header. Shown once: only its hash is stored. It replaces " +
      'any key this agent had before, which stops working at once.',
    example: 'svc_AbCd1234_0123456789abcdefghijklmnopqrstuv',
  })
  api_key!: string;
}
