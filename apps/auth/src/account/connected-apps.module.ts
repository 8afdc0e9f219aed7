import { Module } from '@nestjs/common';
import { SessionModule } from '../session/session.module';
import { ConnectedAppsController } from './connected-apps.controller';
import { ConnectedAppsService } from './connected-apps.service';

@Module({
  imports: [SessionModule],
  controllers: [ConnectedAppsController],
  providers: [ConnectedAppsService],
})
export class ConnectedAppsModule {}
