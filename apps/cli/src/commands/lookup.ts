import { EntityManager } from 'typeorm';
import { Team } from '@app/store';
import { TeamRef } from '../args';
import { NotFoundError } from '../errors';

export function describeTeamRef(ref: TeamRef): string {
  return 'id' in ref ? `team ${ref.id}` : `team ${JSON.stringify(ref.name)}`;
}

/** The team by id or exact name; NotFoundError otherwise. */
export async function findTeam(em: EntityManager, ref: TeamRef): Promise<Team> {
  const team = await em.findOneBy(Team, 'id' in ref ? { id: ref.id } : { name: ref.name });
  if (!team) throw new NotFoundError(`${describeTeamRef(ref)} not found`);
  return team;
}
