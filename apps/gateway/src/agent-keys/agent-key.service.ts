import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ServiceError } from '@app/contracts';
import {
  accountRefusal,
  AgentKeyRefusedError,
  AgentNotActiveError,
  ApproverTeam,
  findKeyApprover,
  isAgentActive,
  issueAgentKey,
  KeyRefusalReason,
  roleRefusal,
} from '@app/store';
import { KeyRevocationsService } from '../access';
import { AgentToken, invalidToken } from './agent-token.verifier';
import type { AgentKeyResponseDto } from './dto/agent-key.dto';

const notClaimed = () => invalidToken('its agent is unknown or was disconnected; sign in again');

/**
 * POST /agent/key: checks, in the order a caller can act on them, the agent (401), the person's
 * account (403), which team the key bills (409 when several and none chosen, 403 when not theirs)
 * and the person's role there (403); then issueAgentKey checks the agent and the person again
 * under row locks, replaces the agent's key, and the replaced key's revocation is broadcast.
 */
@Injectable()
export class AgentKeyService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly revocations: KeyRevocationsService,
  ) {}

  async issue(token: AgentToken, teamId: number | undefined): Promise<AgentKeyResponseDto> {
    if (!(await isAgentActive(this.db, token.agentId, token.accountId))) throw notClaimed();
    const approver = await findKeyApprover(this.db, token.accountId);
    if (!approver) throw notClaimed();
    const accountProblem = accountRefusal(approver.status);
    if (accountProblem) throw refused(accountProblem);
    const team = chooseTeam(approver.teams, teamId);
    const roleProblem = roleRefusal(team.role);
    if (roleProblem) throw refused(roleProblem, team);
    try {
      const issued = await issueAgentKey(this.db, { ...token, teamId: team.id });
      await this.revocations.broadcast(issued.revokedHashes);
      return { api_key: issued.key };
    } catch (error) {
      // The agent or the person changed between the checks above and the locked ones.
      if (error instanceof AgentNotActiveError) throw notClaimed();
      if (error instanceof AgentKeyRefusedError) throw refused(error.reason, team);
      throw error;
    }
  }
}

/** The team the key bills: the one asked for, else the person's only team. */
function chooseTeam(teams: ApproverTeam[], teamId: number | undefined): ApproverTeam {
  if (teamId !== undefined) {
    const team = teams.find((t) => t.id === teamId);
    if (!team)
      throw refused(
        'not_a_member',
        null,
        `You are not a member of team ${teamId}; choose one of your teams.`,
      );
    return team;
  }
  if (teams.length === 1) return teams[0];
  if (teams.length === 0)
    throw refused('not_a_member', null, 'Your account belongs to no team, so no key can bill one.');
  throw new ServiceError(
    'multiple_teams',
    'You belong to several teams: send the request again with team_id set to the team the key should bill.',
    { teams: teams.map((t) => ({ id: t.id, name: t.name })) },
  );
}

const MESSAGES: Record<KeyRefusalReason, (team: ApproverTeam | null) => string> = {
  account_pending: () =>
    'Your account is waiting for approval; agent keys can be created once it is approved.',
  account_inactive: () => 'Your account is inactive (suspended); agent keys cannot be created with it.',
  not_a_member: () => 'You are not a member of that team.',
  role_cannot_create_keys: (team) =>
    `Your role in team ${JSON.stringify(team?.name)} is ${team?.role}; only admin and developer can create keys.`,
};

/** 403 `key_creation_refused`; the message gives the reason (SPEC, Errors), details.reason names it. */
function refused(
  reason: KeyRefusalReason,
  team: ApproverTeam | null = null,
  message = MESSAGES[reason](team),
) {
  return new ServiceError('key_creation_refused', message, {
    reason,
    ...(team ? { team_id: team.id, role: team.role } : {}),
  });
}
