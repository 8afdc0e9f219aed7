import { DataSource } from 'typeorm';
import { Account, AccountStatus, Membership, MembershipRole } from '@app/store';
import { uniqueName } from './environment';

export interface PersonSeed {
  /** The person's role in each team. */
  teams: Array<{ teamId: number; role: MembershipRole }>;
  status?: AccountStatus;
}

export interface SeededPerson {
  accountId: number;
  email: string;
}

/**
 * An account with its memberships. The password hash is a placeholder of the stored shape (the
 * suites using this never sign in), so seeding costs no scrypt.
 */
export async function seedPerson(ds: DataSource, seed: PersonSeed): Promise<SeededPerson> {
  const email = `${uniqueName('person-')}@example.test`;
  const account = await ds.manager.save(
    ds.manager.create(Account, { email, passwordHash: 'scrypt$seeded', status: seed.status ?? 'approved' }),
  );
  for (const { teamId, role } of seed.teams)
    await ds.manager.insert(Membership, { accountId: account.id, teamId, role });
  return { accountId: account.id, email };
}

/** An agent the person approved; `confirmed` (default) means its claim completed, as after sign-in. */
export async function seedAgent(ds: DataSource, accountId: number, opts: { confirmed?: boolean } = {}) {
  const [row]: Array<{ id: string }> = await ds.query(
    `INSERT INTO agents (name, account_id, confirmed_at) VALUES ($1, $2, $3) RETURNING id`,
    [uniqueName('agent-'), accountId, opts.confirmed === false ? null : new Date()],
  );
  return row.id;
}
