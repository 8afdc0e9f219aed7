import { Injectable, OnModuleInit } from '@nestjs/common';
import { INTERCEPTORS_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { BillingInterceptor } from './billing.interceptor';

/**
 * Nest runs a method's interceptors in the order their decorators were applied, and decorators
 * apply bottom-up. Billing must run innermost (count the handler's own result, before shaping
 * turns it into a string), so @Billed() has to be written above every other interceptor
 * decorator. A wrong order is refused at boot rather than mis-billing at run time.
 */
@Injectable()
export class BillingOrderCheck implements OnModuleInit {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
  ) {}

  onModuleInit(): void {
    const problems: string[] = [];
    for (const wrapper of this.discovery.getControllers()) {
      const prototype = (wrapper.metatype as { prototype?: object } | null)?.prototype;
      if (!prototype) continue;
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        const handler = (prototype as Record<string, unknown>)[name] as object;
        const interceptors = (Reflect.getMetadata(INTERCEPTORS_METADATA, handler) ?? []) as unknown[];
        const at = interceptors.indexOf(BillingInterceptor);
        if (at >= 0 && at !== interceptors.length - 1) problems.push(`${wrapper.name}.${name}`);
      }
    }
    if (problems.length > 0) {
      throw new Error(
        `@Billed() must be written above every other interceptor decorator (e.g. @Shaped) on: ${problems.join(', ')}`,
      );
    }
  }
}
