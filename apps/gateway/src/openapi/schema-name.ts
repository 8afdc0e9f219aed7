import type { Type } from '@nestjs/common';

/**
 * Names a class made per entity by a factory: @nestjs/swagger names a schema after its class,
 * and generated clients name their types after the schema (PersonEnrichResponse).
 */
export const schemaNamed = <T extends Type<unknown>>(cls: T, name: string): T =>
  Object.defineProperty(cls, 'name', { value: name });
