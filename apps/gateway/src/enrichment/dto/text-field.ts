import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

/** An optional string input of at most `max` characters (cleaning and parsing happen in libs/matching). */
export const TextField =
  (max: number, description: string, example?: string): PropertyDecorator =>
  (target, key) => {
    for (const decorate of [
      ApiPropertyOptional({ type: String, maxLength: max, description, example }),
      IsOptional(),
      IsString(),
      MaxLength(max),
    ])
      decorate(target, key);
  };
