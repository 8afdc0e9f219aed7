import { Module } from '@nestjs/common';
import { AgentKeyController } from './agent-key.controller';
import { AgentKeyService } from './agent-key.service';
import { AgentTokenGuard } from './agent-token.guard';
import { AgentTokenVerifier } from './agent-token.verifier';

/** POST /agent/key: an agent's API key for its access token (docs/access.md, "Agent keys"). */
@Module({
  controllers: [AgentKeyController],
  providers: [AgentKeyService, AgentTokenVerifier, AgentTokenGuard],
})
export class AgentKeysModule {}
