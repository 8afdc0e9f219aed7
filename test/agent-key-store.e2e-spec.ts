/** libs/store agent keys on the real schema: issueAgentKey, revokeAgentKeys, disconnectAgent. */
import { AGENT_KEY_ENDPOINTS } from '@app/contracts';
import {
  AgentKeyRefusedError,
  AgentNotActiveError,
  AgentNotFoundError,
  disconnectAgent,
  hashApiKey,
  issueAgentKey,
  revokeAgentKeys,
} from '@app/store';
import {
  createTestSchema,
  seedAgent,
  seedKey,
  seedPerson,
  seedTeam,
  SeededTeam,
  TestSchema,
} from '@app/testing';

describe('agent keys in the store', () => {
  let db: TestSchema;
  let team: SeededTeam;
  let other: SeededTeam;

  const ds = () => db.dataSource;
  const person = async (
    teams: Array<[number, 'admin' | 'developer' | 'member']>,
    status?: 'pending' | 'inactive',
  ) => {
    const p = await seedPerson(ds(), { teams: teams.map(([teamId, role]) => ({ teamId, role })), status });
    return { ...p, agentId: await seedAgent(ds(), p.accountId) };
  };
  const keysOf = (agentId: string) =>
    ds().query(
      `SELECT team_id, kind, endpoints, created_by_account_id, secret_hash, revoked_at IS NULL AS active
         FROM api_keys WHERE agent_id = $1 ORDER BY id`,
      [agentId],
    );

  beforeAll(async () => {
    db = await createTestSchema();
    team = await seedTeam(ds());
    other = await seedTeam(ds());
  });

  afterAll(async () => {
    await db?.drop();
  });

  describe('issueAgentKey', () => {
    it('inserts an agent key limited to the agent endpoints, and replaces the previous one', async () => {
      const p = await person([[team.id, 'admin']]);
      const first = await issueAgentKey(ds(), {
        agentId: p.agentId,
        accountId: p.accountId,
        teamId: team.id,
      });
      expect(first.revokedHashes).toEqual([]);
      const second = await issueAgentKey(ds(), {
        agentId: p.agentId,
        accountId: p.accountId,
        teamId: team.id,
      });
      expect(second.revokedHashes).toEqual([hashApiKey(first.key)]);
      expect(await keysOf(p.agentId)).toEqual([
        expect.objectContaining({ secret_hash: hashApiKey(first.key), active: false }),
        {
          team_id: team.id,
          kind: 'agent',
          endpoints: [...AGENT_KEY_ENDPOINTS],
          created_by_account_id: p.accountId,
          secret_hash: hashApiKey(second.key),
          active: true,
        },
      ]);
    });

    const refusals: Array<[string, string, () => ReturnType<typeof person>]> = [
      ['a pending account', 'account_pending', () => person([[team.id, 'admin']], 'pending')],
      ['an inactive account', 'account_inactive', () => person([[team.id, 'admin']], 'inactive')],
      ['a member', 'role_cannot_create_keys', () => person([[team.id, 'member']])],
      ['a person outside the team', 'not_a_member', () => person([[other.id, 'admin']])],
    ];
    it.each(refusals)('refuses %s (%s) and changes nothing', async (_who, reason, seed) => {
      const p = await seed();
      const refused = issueAgentKey(ds(), { agentId: p.agentId, accountId: p.accountId, teamId: team.id });
      await expect(refused).rejects.toBeInstanceOf(AgentKeyRefusedError);
      await expect(refused).rejects.toMatchObject({ reason });
      expect(await keysOf(p.agentId)).toEqual([]);
    });

    it("refuses an agent that is unclaimed, disconnected or another account's, keeping its key", async () => {
      const p = await person([[team.id, 'admin']]);
      const { key } = await issueAgentKey(ds(), {
        agentId: p.agentId,
        accountId: p.accountId,
        teamId: team.id,
      });
      const stranger = await person([[team.id, 'admin']]);
      const unclaimed = await seedAgent(ds(), p.accountId, { confirmed: false });
      for (const request of [
        { agentId: p.agentId, accountId: stranger.accountId },
        { agentId: unclaimed, accountId: p.accountId },
        { agentId: 'not-a-uuid', accountId: p.accountId },
      ])
        await expect(issueAgentKey(ds(), { ...request, teamId: team.id })).rejects.toBeInstanceOf(
          AgentNotActiveError,
        );
      expect(await keysOf(p.agentId)).toEqual([
        expect.objectContaining({ secret_hash: hashApiKey(key), active: true }),
      ]);
      await disconnectAgent(ds(), p.agentId, p.accountId);
      await expect(
        issueAgentKey(ds(), { agentId: p.agentId, accountId: p.accountId, teamId: team.id }),
      ).rejects.toBeInstanceOf(AgentNotActiveError);
    });

    it('waits for a role change in progress and then refuses, so no key outlives the old role', async () => {
      const p = await person([[team.id, 'admin']]);
      const runner = ds().createQueryRunner();
      await runner.connect();
      await runner.startTransaction();
      try {
        await runner.query(`UPDATE memberships SET role = 'member' WHERE account_id = $1 AND team_id = $2`, [
          p.accountId,
          team.id,
        ]);
        let settled = false;
        const issuing = issueAgentKey(ds(), { agentId: p.agentId, accountId: p.accountId, teamId: team.id });
        issuing.then(
          () => (settled = true),
          () => (settled = true),
        );
        await new Promise((r) => setTimeout(r, 300));
        expect(settled).toBe(false);
        await runner.commitTransaction();
        await expect(issuing).rejects.toMatchObject({ reason: 'role_cannot_create_keys' });
      } finally {
        if (runner.isTransactionActive) await runner.rollbackTransaction();
        await runner.release();
      }
    });
  });

  describe('revokeAgentKeys', () => {
    it("revokes a person's agent keys for one team or all, only theirs and only agent keys, once", async () => {
      const p = await person([
        [team.id, 'admin'],
        [other.id, 'admin'],
      ]);
      const onOther = await seedAgent(ds(), p.accountId);
      const a = await issueAgentKey(ds(), { agentId: p.agentId, accountId: p.accountId, teamId: team.id });
      const b = await issueAgentKey(ds(), { agentId: onOther, accountId: p.accountId, teamId: other.id });
      const bystander = await person([[team.id, 'admin']]);
      const theirs = await issueAgentKey(ds(), { ...bystander, teamId: team.id });
      const standard = await seedKey(ds(), team.id);

      expect(await revokeAgentKeys(ds(), { approvedBy: p.accountId, teamId: team.id })).toEqual([
        hashApiKey(a.key),
      ]);
      expect(await revokeAgentKeys(ds(), { approvedBy: p.accountId })).toEqual([hashApiKey(b.key)]);
      expect(await revokeAgentKeys(ds(), { approvedBy: p.accountId })).toEqual([]);
      const active = await ds().query(
        `SELECT id FROM api_keys WHERE revoked_at IS NULL AND id = ANY($1) ORDER BY id`,
        [[standard.keyId]],
      );
      expect(active).toEqual([{ id: standard.keyId }]);
      expect(await keysOf(bystander.agentId)).toEqual([
        expect.objectContaining({ secret_hash: hashApiKey(theirs.key), active: true }),
      ]);
    });

    it("revokes one agent's key; an id that is no uuid revokes nothing", async () => {
      const p = await person([[team.id, 'developer']]);
      const { key } = await issueAgentKey(ds(), {
        agentId: p.agentId,
        accountId: p.accountId,
        teamId: team.id,
      });
      expect(await revokeAgentKeys(ds(), { agentId: 'nope' })).toEqual([]);
      expect(await revokeAgentKeys(ds(), { agentId: p.agentId })).toEqual([hashApiKey(key)]);
    });
  });

  describe('disconnectAgent', () => {
    it('sets disconnected_at once, revokes the key, and answers only the approving account', async () => {
      const p = await person([[team.id, 'admin']]);
      const { key } = await issueAgentKey(ds(), {
        agentId: p.agentId,
        accountId: p.accountId,
        teamId: team.id,
      });
      const stranger = await person([[team.id, 'admin']]);
      await expect(disconnectAgent(ds(), p.agentId, stranger.accountId)).rejects.toBeInstanceOf(
        AgentNotFoundError,
      );
      await expect(disconnectAgent(ds(), 'not-a-uuid', p.accountId)).rejects.toBeInstanceOf(
        AgentNotFoundError,
      );
      expect(await keysOf(p.agentId)).toEqual([expect.objectContaining({ active: true })]);

      expect(await disconnectAgent(ds(), p.agentId, p.accountId)).toEqual([hashApiKey(key)]);
      const [{ disconnected_at: first }] = await ds().query(
        `SELECT disconnected_at FROM agents WHERE id = $1`,
        [p.agentId],
      );
      expect(first).toBeInstanceOf(Date);
      expect(await disconnectAgent(ds(), p.agentId, p.accountId)).toEqual([]);
      const [{ disconnected_at: again }] = await ds().query(
        `SELECT disconnected_at FROM agents WHERE id = $1`,
        [p.agentId],
      );
      expect(again).toEqual(first);
    });
  });
});
