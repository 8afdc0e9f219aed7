/** The libs/testing harness bound to the gateway (libs never import apps; test/ may). */
import type { AppConfig } from '@app/config';
import { bootHttpApp, ControllerClass, HttpAppBinding, httpHarness, HttpHarnessOptions } from '@app/testing';
import { createGateway } from '../apps/gateway/src/bootstrap';
import { GatewayModule } from '../apps/gateway/src/gateway.module';

export const GATEWAY: HttpAppBinding = {
  module: (config) => GatewayModule.forRoot(config),
  create: createGateway,
};

export const bootGateway = (config: AppConfig, controllers?: ControllerClass[]) =>
  bootHttpApp(GATEWAY, config, controllers);

export const gatewayHarness = (opts?: HttpHarnessOptions) => httpHarness(GATEWAY, opts);
