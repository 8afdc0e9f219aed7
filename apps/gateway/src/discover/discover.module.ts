import { Module } from '@nestjs/common';
import { DiscoveryController } from './discover.controller';
import { DiscoverService } from './discover.service';

/** POST /person/discover and /company/discover (and their sandbox mirrors). */
@Module({ controllers: [DiscoveryController], providers: [DiscoverService] })
export class DiscoverModule {}
