import { ACCOUNT_FIELD_MESSAGES } from '../../src/accounts/account-fields';
import { OPERATOR_OFFLINE } from '../../src/audit/audit-entry';
import { Clock } from '../../src/accounts/clock';
import { digestToken } from '../../src/accounts/invite-tokens';
import { StoreUnderTest, storeAdapters } from '../support/store-adapters';
import { StoreServices } from '../support/store-services';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const PASSWORD = 'correct horse battery';

/** The time both replicas read; tests move it instead of sleeping. */
class TestClock extends Clock {
  constructor(public time = Date.UTC(2026, 2, 1, 12)) {
    super();
  }
  now(): number {
    return this.time;
  }
  advance(ms: number): void {
    this.time += ms;
  }
}

const tokenOf = (inviteUrl: string) => inviteUrl.slice(inviteUrl.lastIndexOf('/') + 1);

/** An ApiError's code and status (toMatchObject: the error class may come from another Jest module registry). */
const refused = (code: string, status: number) => expect.objectContaining({ code, status });

describe.each(storeAdapters('accounts'))('accounts store contract: $name', (adapter) => {
  let store: StoreUnderTest;
  let clock: TestClock;
  /** Two replicas on one store: a session, an invite or a lock-out made on one holds on the other. */
  let one: StoreServices;
  let two: StoreServices;
  let counter = 0;
  const email = (name: string) => `${name}-${++counter}@example.com`;
  const workspace = async (name = 'Acme', plan: 'free' | 'pro' | 'business' = 'pro') => (await one.workspaces.create({ name, plan })).id;
  /** A member who has accepted their invite. */
  const activeMember = async (workspaceId: string, address: string, role: 'owner' | 'member' = 'owner') => {
    const invited = await one.accounts.invite(workspaceId, address, role, OPERATOR_OFFLINE);
    return one.accounts.acceptInvite(tokenOf(invited.inviteUrl), PASSWORD);
  };

  beforeAll(async () => {
    clock = new TestClock();
    store = await adapter.setUp();
    one = await store.open(clock);
    two = await store.open(clock);
  });
  afterAll(async () => {
    await Promise.all([one?.dataSource.destroy(), two?.dataSource.destroy()]);
    await store?.tearDown();
  });

  describe('invites', () => {
    it('invites by email; the invitee sets a password once, then signs in on any replica', async () => {
      const ws = await workspace('Acme');
      const address = email('Ada');
      const invited = await one.accounts.invite(ws, `  ${address.toUpperCase()} `, 'owner', OPERATOR_OFFLINE);
      expect(invited).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        email: address.toLowerCase(),
        role: 'owner',
        status: 'invited',
        createdAt: new Date(clock.time).toISOString(),
        inviteUrl: expect.stringMatching(/^http:\/\/localhost:3000\/dashboard\/invite\/[A-Za-z0-9_-]{43}$/),
      });
      const token = tokenOf(invited.inviteUrl);
      expect(await two.accounts.listMembers(ws)).toEqual([{ id: invited.id, email: address.toLowerCase(), role: 'owner', status: 'invited', createdAt: invited.createdAt }]);
      expect(await two.accounts.describeInvite(token)).toEqual({ email: address.toLowerCase(), workspaceId: ws, workspaceName: 'Acme', role: 'owner', accountExists: false });
      // Not yet active: no password to sign in with.
      await expect(one.accounts.signIn(address, PASSWORD)).rejects.toEqual(refused('INVALID_CREDENTIALS', 401));

      expect(await two.accounts.acceptInvite(token, PASSWORD)).toEqual({ id: invited.id, email: address.toLowerCase() });
      expect(await one.accounts.signIn(address.toUpperCase(), PASSWORD)).toEqual({ id: invited.id, email: address.toLowerCase() });
      expect((await one.accounts.listMembers(ws))[0].status).toBe('active');
      expect(await one.accounts.roleIn(invited.id, ws)).toBe('owner');
      expect(await one.accounts.memberships(invited.id)).toEqual([{ workspaceId: ws, workspaceName: 'Acme', plan: 'pro', role: 'owner' }]);

      // Used once: the same link is refused, and changes nothing.
      await expect(one.accounts.describeInvite(token)).rejects.toEqual(refused('INVALID_INVITE', 400));
      await expect(one.accounts.acceptInvite(token, 'another password')).rejects.toEqual(refused('INVALID_INVITE', 400));
      expect(await one.accounts.signIn(address, PASSWORD)).toMatchObject({ id: invited.id });
      // An active member cannot be invited again.
      await expect(one.accounts.invite(ws, address, 'member', OPERATOR_OFFLINE)).rejects.toEqual(refused('MEMBER_EXISTS', 409));
      await expect(one.accounts.invite(ws, address, 'member', OPERATOR_OFFLINE)).rejects.toHaveProperty('message', `'${address.toLowerCase()}' is already a member of this workspace`);
    });

    it('stores only the digest of an invite token', async () => {
      const ws = await workspace();
      const token = tokenOf((await one.accounts.invite(ws, email('digest'), 'member', OPERATOR_OFFLINE)).inviteUrl);
      const rows: Array<{ token_digest: string }> = await one.dataSource.query('SELECT token_digest FROM invites');
      expect(rows.map((r) => r.token_digest)).toContain(digestToken(token));
      expect(JSON.stringify(rows)).not.toContain(token);
    });

    it('refuses a tampered, unknown or expired invite with one message, and changes nothing', async () => {
      const ws = await workspace();
      const address = email('late');
      const token = tokenOf((await one.accounts.invite(ws, address, 'member', OPERATOR_OFFLINE)).inviteUrl);
      const tampered = (token[0] === 'A' ? 'B' : 'A') + token.slice(1);
      for (const bad of [tampered, token.slice(1), `${token}x`, '', '../../etc/passwd', 'x'.repeat(10_000)]) {
        await expect(one.accounts.describeInvite(bad)).rejects.toEqual(refused('INVALID_INVITE', 400));
        await expect(one.accounts.acceptInvite(bad, PASSWORD)).rejects.toEqual(refused('INVALID_INVITE', 400));
      }
      await expect(one.accounts.describeInvite(tampered)).rejects.toHaveProperty('message', 'This invite link is invalid, expired or already used');
      clock.advance(7 * DAY - 1);
      await expect(one.accounts.describeInvite(token)).resolves.toMatchObject({ email: address });
      clock.advance(1);
      await expect(two.accounts.describeInvite(token)).rejects.toEqual(refused('INVALID_INVITE', 400));
      await expect(two.accounts.acceptInvite(token, PASSWORD)).rejects.toEqual(refused('INVALID_INVITE', 400));
      await expect(one.accounts.signIn(address, PASSWORD)).rejects.toEqual(refused('INVALID_CREDENTIALS', 401));
      expect((await one.accounts.listMembers(ws))[0].status).toBe('invited');
    });

    it('refuses a password under 10 characters and keeps the invite usable', async () => {
      const ws = await workspace();
      const token = tokenOf((await one.accounts.invite(ws, email('short'), 'member', OPERATOR_OFFLINE)).inviteUrl);
      await expect(one.accounts.acceptInvite(token, '123456789')).rejects.toEqual(refused('PASSWORD_TOO_SHORT', 400));
      await expect(one.accounts.acceptInvite(token, undefined as unknown as string)).rejects.toEqual(refused('PASSWORD_TOO_SHORT', 400));
      await expect(one.accounts.acceptInvite(token, '123456789')).rejects.toHaveProperty('message', 'Password must be at least 10 characters');
      await expect(one.accounts.acceptInvite(token, '1234567890')).resolves.toBeDefined();
    });

    it('uses an invite once when two replicas accept it at the same moment', async () => {
      const ws = await workspace();
      const address = email('race');
      const token = tokenOf((await one.accounts.invite(ws, address, 'member', OPERATOR_OFFLINE)).inviteUrl);
      const results = await Promise.allSettled([one.accounts.acceptInvite(token, 'password one!'), two.accounts.acceptInvite(token, 'password two!')]);
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      const winner = results[0].status === 'fulfilled' ? 'password one!' : 'password two!';
      const loser = winner === 'password one!' ? 'password two!' : 'password one!';
      expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toEqual(refused('INVALID_INVITE', 400));
      await expect(one.accounts.signIn(address, winner)).resolves.toBeDefined();
      await expect(one.accounts.signIn(address, loser)).rejects.toEqual(refused('INVALID_CREDENTIALS', 401));
    });

    it('re-inviting someone who has not accepted yet replaces their link and role', async () => {
      const ws = await workspace();
      const address = email('again');
      const first = await one.accounts.invite(ws, address, 'member', OPERATOR_OFFLINE);
      clock.advance(MINUTE);
      const second = await two.accounts.invite(ws, address, 'owner', OPERATOR_OFFLINE);
      expect(second).toMatchObject({ id: first.id, role: 'owner', status: 'invited', createdAt: first.createdAt });
      expect(second.inviteUrl).not.toBe(first.inviteUrl);
      await expect(one.accounts.acceptInvite(tokenOf(first.inviteUrl), PASSWORD)).rejects.toEqual(refused('INVALID_INVITE', 400));
      await one.accounts.acceptInvite(tokenOf(second.inviteUrl), PASSWORD);
      expect(await one.accounts.listMembers(ws)).toEqual([expect.objectContaining({ id: first.id, role: 'owner', status: 'active' })]);
    });

    it('invites someone with an account to another workspace: nothing opens until they accept with their password, which it never changes', async () => {
      const [home, other] = [await workspace('Home'), await workspace('Other')];
      const address = email('known');
      const user = await activeMember(home, address);
      const invited = await one.accounts.invite(other, address, 'member', OPERATOR_OFFLINE);
      expect(invited).toMatchObject({ id: user.id, status: 'invited', role: 'member' });
      expect(await one.accounts.roleIn(user.id, other)).toBeNull();
      expect((await one.accounts.memberships(user.id)).map((m) => m.workspaceName)).toEqual(['Home']);
      await expect(one.sessions.start(user.id, other)).rejects.toEqual(refused('WORKSPACE_NOT_FOUND', 404));
      const homeSession = await one.sessions.start(user.id, home);
      await expect(one.sessions.switchWorkspace(homeSession.token, other)).rejects.toEqual(refused('WORKSPACE_NOT_FOUND', 404));
      const token = tokenOf(invited.inviteUrl);
      expect(await one.accounts.describeInvite(token)).toMatchObject({ email: address, accountExists: true });
      await expect(one.accounts.acceptInvite(token, 'a new password of mine')).rejects.toEqual(refused('INVALID_CREDENTIALS', 401));
      await expect(one.accounts.acceptInvite(token, PASSWORD)).resolves.toEqual(user);
      await expect(one.accounts.signIn(address, 'a new password of mine')).rejects.toEqual(refused('INVALID_CREDENTIALS', 401));
      expect((await one.accounts.memberships(user.id)).map((m) => m.workspaceName)).toEqual(['Home', 'Other']);
      expect(await one.accounts.listMembers(other)).toEqual([expect.objectContaining({ id: user.id, status: 'active' })]);
      await one.sessions.switchWorkspace(homeSession.token, other);
    });

    it('gives a removed member invited again no access until they accept the new invite', async () => {
      const ws = await workspace('Rehire');
      await activeMember(ws, email('boss'));
      const address = email('rehired');
      const user = await activeMember(ws, address, 'member');
      await one.accounts.removeMember(ws, user.id, OPERATOR_OFFLINE);
      const again = await one.accounts.invite(ws, address, 'member', OPERATOR_OFFLINE);
      expect(again).toMatchObject({ id: user.id, status: 'invited' });
      // Their old password still signs them in, to nothing of this workspace.
      await expect(two.accounts.signIn(address, PASSWORD)).resolves.toEqual(user);
      expect(await two.accounts.memberships(user.id)).toEqual([]);
      expect(await two.accounts.roleIn(user.id, ws)).toBeNull();
      await expect(two.sessions.start(user.id, ws)).rejects.toEqual(refused('WORKSPACE_NOT_FOUND', 404));
      // Inviting them once more is a new link, not "already a member".
      const third = await one.accounts.invite(ws, address, 'member', OPERATOR_OFFLINE);
      await expect(one.accounts.acceptInvite(tokenOf(again.inviteUrl), PASSWORD)).rejects.toEqual(refused('INVALID_INVITE', 400));
      await two.accounts.acceptInvite(tokenOf(third.inviteUrl), PASSWORD);
      expect(await two.accounts.roleIn(user.id, ws)).toBe('member');
      await expect(one.accounts.invite(ws, address, 'member', OPERATOR_OFFLINE)).rejects.toEqual(refused('MEMBER_EXISTS', 409));
    });

    it('validates email and role, and knows unknown workspaces', async () => {
      const ws = await workspace();
      for (const bad of ['', 'ada', 'ada@', '@example.com', 'ada@example', 'a da@example.com', 'ada@exa\u0000mple.com', `${'a'.repeat(250)}@example.com`]) {
        await expect(one.accounts.invite(ws, bad, 'member', OPERATOR_OFFLINE)).rejects.toEqual(expect.objectContaining({ code: 'INVALID_REQUEST', extra: { validationErrors: [ACCOUNT_FIELD_MESSAGES.email] } }));
      }
      await expect(one.accounts.invite(ws, email('role'), 'admin' as 'owner', OPERATOR_OFFLINE)).rejects.toEqual(expect.objectContaining({ code: 'INVALID_REQUEST', extra: { validationErrors: ['role must be one of: owner, member'] } }));
      await expect(one.accounts.invite('nope', email('x'), 'member', OPERATOR_OFFLINE)).rejects.toEqual(refused('WORKSPACE_NOT_FOUND', 404));
      await expect(one.accounts.listMembers('nope')).rejects.toEqual(refused('WORKSPACE_NOT_FOUND', 404));
      expect(await one.accounts.listMembers(ws)).toEqual([]);
    });
  });

  describe('the bootstrap invite', () => {
    it('has no email: the invitee gives one and becomes the owner of "default"', async () => {
      const fresh = await adapter.setUp();
      const replica = await fresh.open(clock);
      try {
        const created = (await replica.bootstrap.bootstrapIfEmpty())!;
        expect(created.inviteToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(await replica.accounts.describeInvite(created.inviteToken)).toEqual({
          email: null,
          workspaceId: created.workspaceId,
          workspaceName: 'default',
          role: 'owner',
          accountExists: false,
        });
        await expect(replica.accounts.acceptInvite(created.inviteToken, PASSWORD)).rejects.toEqual(
          expect.objectContaining({ code: 'INVALID_REQUEST', extra: { validationErrors: [ACCOUNT_FIELD_MESSAGES.email] } }),
        );
        await expect(replica.accounts.acceptInvite(created.inviteToken, PASSWORD, 'not an email')).rejects.toEqual(refused('INVALID_REQUEST', 400));
        const user = await replica.accounts.acceptInvite(created.inviteToken, PASSWORD, 'Owner@Example.com');
        expect(user).toEqual({ id: expect.any(String), email: 'owner@example.com' });
        expect(await replica.accounts.memberships(user.id)).toEqual([{ workspaceId: created.workspaceId, workspaceName: 'default', plan: 'business', role: 'owner' }]);
        expect(await replica.accounts.signIn('owner@example.com', PASSWORD)).toEqual(user);
        await expect(replica.accounts.acceptInvite(created.inviteToken, PASSWORD, 'second@example.com')).rejects.toEqual(refused('INVALID_INVITE', 400));
      } finally {
        await replica.dataSource.destroy();
        await fresh.tearDown();
      }
    });

    it('is printed next to the key on first start, once', async () => {
      const fresh = await adapter.setUp();
      const replica = await fresh.open(clock);
      const printed: string[] = [];
      const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => printed.push(String(chunk)) > 0);
      try {
        await replica.bootstrap.onApplicationBootstrap();
        await replica.bootstrap.onApplicationBootstrap();
      } finally {
        write.mockRestore();
      }
      try {
        const announced = printed.join('').split('\n').filter((line) => line.includes('"dashboardInvite"'));
        expect(announced).toHaveLength(1);
        const { apiKey, dashboardInvite } = JSON.parse(announced[0]);
        expect(apiKey).toMatch(/^pdfg_/);
        const token = /^http:\/\/localhost:3000\/dashboard\/invite\/([A-Za-z0-9_-]{43})$/.exec(dashboardInvite)![1];
        expect(await replica.accounts.describeInvite(token)).toMatchObject({ email: null, workspaceName: 'default', role: 'owner' });
      } finally {
        await replica.dataSource.destroy();
        await fresh.tearDown();
      }
    });
  });

  describe('sign-up', () => {
    it('makes a new free workspace named after the email, owned by the new user', async () => {
      const address = email('grace.hopper');
      const { user, workspaceId } = await one.accounts.signUp(address, PASSWORD);
      expect(user).toEqual({ id: expect.any(String), email: address });
      const ws = await two.workspaces.get(workspaceId);
      expect({ name: ws.name, plan: ws.plan }).toEqual({ name: address.slice(0, address.indexOf('@')), plan: 'free' });
      expect(await two.accounts.memberships(user.id)).toEqual([{ workspaceId, workspaceName: ws.name, plan: 'free', role: 'owner' }]);
      expect(await two.accounts.signIn(address, PASSWORD)).toEqual(user);
    });

    it('refuses an existing email (active or only invited), a short password and a bad email, creating nothing', async () => {
      const before = await one.workspaces.count();
      const ws = await workspace();
      const active = email('taken');
      await activeMember(ws, active);
      const invitedOnly = email('invited');
      await one.accounts.invite(ws, invitedOnly, 'member', OPERATOR_OFFLINE);
      await expect(one.accounts.signUp(active.toUpperCase(), 'whatever12345')).rejects.toEqual(refused('EMAIL_TAKEN', 409));
      await expect(one.accounts.signUp(invitedOnly, 'whatever12345')).rejects.toHaveProperty('message', 'An account with this email already exists');
      await expect(one.accounts.signUp(email('short'), 'short')).rejects.toEqual(refused('PASSWORD_TOO_SHORT', 400));
      await expect(one.accounts.signUp('nobody', PASSWORD)).rejects.toEqual(expect.objectContaining({ code: 'INVALID_REQUEST', extra: { validationErrors: [ACCOUNT_FIELD_MESSAGES.email] } }));
      expect(await one.workspaces.count()).toBe(before + 1);
      await expect(one.accounts.signIn(invitedOnly, 'whatever12345')).rejects.toEqual(refused('INVALID_CREDENTIALS', 401));
    });

    it('gives one account to two replicas signing up the same email at once', async () => {
      const before = await one.workspaces.count();
      const address = email('twice');
      const results = await Promise.allSettled([one.accounts.signUp(address, PASSWORD), two.accounts.signUp(address, PASSWORD)]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toEqual(refused('EMAIL_TAKEN', 409));
      expect(await one.workspaces.count()).toBe(before + 1);
    });
  });

  describe('sign-in and lock-out', () => {
    it('answers the same for a wrong password and an unknown email', async () => {
      const ws = await workspace();
      const address = email('known');
      await activeMember(ws, address);
      for (const [who, password] of [[address, 'wrong password'], [email('unknown'), PASSWORD], ['not an email', PASSWORD], [address, '']]) {
        await expect(one.accounts.signIn(who, password)).rejects.toEqual(expect.objectContaining({ code: 'INVALID_CREDENTIALS', status: 401, message: 'Invalid email or password' }));
      }
    });

    it('locks an email for 15 minutes after 10 failures within 15 minutes, on every replica, even with the right password', async () => {
      const ws = await workspace();
      const address = email('locked');
      const user = await activeMember(ws, address);
      for (let i = 0; i < 10; i++) {
        await expect((i % 2 ? one : two).accounts.signIn(address, `wrong ${i}`)).rejects.toEqual(refused('INVALID_CREDENTIALS', 401));
        clock.advance(MINUTE);
      }
      // The 10th failure was a minute ago: 14 minutes to go.
      const locked = await one.accounts.signIn(address, PASSWORD).catch((e: unknown) => e);
      expect(locked).toEqual(expect.objectContaining({ code: 'SIGN_IN_LOCKED', status: 429, extra: { retryAfterSeconds: 14 * 60 }, headers: { 'Retry-After': String(14 * 60) } }));
      expect(locked).toHaveProperty('message', 'Too many failed sign-ins: try again in 15 minutes');
      await expect(two.accounts.signIn(address, PASSWORD)).rejects.toEqual(refused('SIGN_IN_LOCKED', 429));
      // Accepting an invite with the password is a sign-in too.
      const other = await workspace();
      const token = tokenOf((await one.accounts.invite(other, address, 'member', OPERATOR_OFFLINE)).inviteUrl);
      await expect(one.accounts.acceptInvite(token, PASSWORD)).rejects.toEqual(refused('SIGN_IN_LOCKED', 429));
      // Other emails are not affected.
      const neighbour = email('neighbour');
      await activeMember(ws, neighbour);
      await expect(one.accounts.signIn(neighbour, PASSWORD)).resolves.toBeDefined();

      clock.advance(14 * MINUTE - 1_000);
      await expect(one.accounts.signIn(address, PASSWORD)).rejects.toEqual(expect.objectContaining({ code: 'SIGN_IN_LOCKED', extra: { retryAfterSeconds: 1 } }));
      clock.advance(1_000);
      await expect(two.accounts.signIn(address, PASSWORD)).resolves.toEqual(user);
    });

    it('does not lock for failures spread out, and a success starts the count again', async () => {
      const ws = await workspace();
      const address = email('careless');
      await activeMember(ws, address);
      for (let i = 0; i < 9; i++) await expect(one.accounts.signIn(address, 'wrong')).rejects.toEqual(refused('INVALID_CREDENTIALS', 401));
      await one.accounts.signIn(address, PASSWORD);
      for (let i = 0; i < 9; i++) await expect(one.accounts.signIn(address, 'wrong')).rejects.toEqual(refused('INVALID_CREDENTIALS', 401));
      await expect(one.accounts.signIn(address, PASSWORD)).resolves.toBeDefined();
      for (let i = 0; i < 10; i++) {
        await expect(one.accounts.signIn(address, 'wrong')).rejects.toEqual(refused('INVALID_CREDENTIALS', 401));
        clock.advance(2 * MINUTE);
      }
      await expect(one.accounts.signIn(address, PASSWORD)).resolves.toBeDefined();
    });

    it('locks unknown emails the same way, so the lock-out tells nothing about who exists', async () => {
      const nobody = email('nobody');
      for (let i = 0; i < 10; i++) await expect(one.accounts.signIn(nobody, PASSWORD)).rejects.toEqual(refused('INVALID_CREDENTIALS', 401));
      await expect(one.accounts.signIn(nobody, PASSWORD)).rejects.toEqual(refused('SIGN_IN_LOCKED', 429));
      clock.advance(15 * MINUTE);
    });
  });

  describe('members', () => {
    it('removes a member: their sessions in that workspace end, elsewhere they stay', async () => {
      const [ws, other] = [await workspace('Main'), await workspace('Side')];
      const owner = await activeMember(ws, email('owner'));
      const member = await activeMember(ws, email('member'), 'member');
      await one.accounts.acceptInvite(tokenOf((await one.accounts.invite(other, member.email, 'owner', OPERATOR_OFFLINE)).inviteUrl), PASSWORD);
      const here = await one.sessions.start(member.id, ws);
      const there = await one.sessions.start(member.id, other);
      await two.accounts.removeMember(ws, member.id, OPERATOR_OFFLINE);
      expect(await one.sessions.resolve(here.token)).toBeNull();
      expect(await one.sessions.resolve(there.token)).toMatchObject({ userId: member.id, workspaceId: other });
      expect(await one.accounts.roleIn(member.id, ws)).toBeNull();
      expect((await one.accounts.listMembers(ws)).map((m) => m.id)).toEqual([owner.id]);
      await expect(one.accounts.removeMember(ws, member.id, OPERATOR_OFFLINE)).rejects.toEqual(refused('MEMBER_NOT_FOUND', 404));
      await expect(one.accounts.removeMember(ws, 'nobody', OPERATOR_OFFLINE)).rejects.toHaveProperty('message', "Member 'nobody' not found");
      await expect(one.accounts.removeMember('nope', member.id, OPERATOR_OFFLINE)).rejects.toEqual(refused('WORKSPACE_NOT_FOUND', 404));
    });

    it('keeps the last owner', async () => {
      const ws = await workspace();
      const first = await activeMember(ws, email('first'));
      await expect(one.accounts.removeMember(ws, first.id, OPERATOR_OFFLINE)).rejects.toEqual(expect.objectContaining({ code: 'LAST_OWNER', status: 409, message: 'A workspace needs at least one owner' }));
      const second = await activeMember(ws, email('second'));
      await one.accounts.removeMember(ws, first.id, OPERATOR_OFFLINE);
      await expect(one.accounts.removeMember(ws, second.id, OPERATOR_OFFLINE)).rejects.toEqual(refused('LAST_OWNER', 409));
      // Nor is the only owner turned into a member by inviting them again before they accept.
      const other = await workspace();
      const pending = await one.accounts.invite(other, email('pending'), 'owner', OPERATOR_OFFLINE);
      await expect(one.accounts.invite(other, pending.email, 'member', OPERATOR_OFFLINE)).rejects.toEqual(refused('LAST_OWNER', 409));
      expect((await one.accounts.listMembers(other))[0].role).toBe('owner');
    });

    it('does not count an invited owner who has not accepted as an owner', async () => {
      const ws = await workspace();
      const first = await activeMember(ws, email('first'));
      await one.accounts.invite(ws, email('maybe'), 'owner', OPERATOR_OFFLINE);
      await expect(one.accounts.removeMember(ws, first.id, OPERATOR_OFFLINE)).rejects.toEqual(refused('LAST_OWNER', 409));
      await expect(one.accounts.changeRole(ws, first.id, 'member', OPERATOR_OFFLINE)).rejects.toEqual(refused('LAST_OWNER', 409));
    });

    it("changes a member's role both ways, never leaving the workspace without an owner", async () => {
      const ws = await workspace();
      const owner = await activeMember(ws, email('owner'));
      const member = await activeMember(ws, email('member'), 'member');
      await expect(two.accounts.changeRole(ws, member.id, 'owner', OPERATOR_OFFLINE)).resolves.toMatchObject({ id: member.id, role: 'owner' });
      expect(await one.accounts.roleIn(member.id, ws)).toBe('owner');
      await one.accounts.changeRole(ws, owner.id, 'member', OPERATOR_OFFLINE);
      expect(await one.accounts.roleIn(owner.id, ws)).toBe('member');
      await expect(one.accounts.changeRole(ws, member.id, 'member', OPERATOR_OFFLINE)).rejects.toEqual(
        expect.objectContaining({ code: 'LAST_OWNER', status: 409, message: 'A workspace needs at least one owner' }),
      );
      // The same role again changes nothing, even for the last owner.
      await expect(one.accounts.changeRole(ws, member.id, 'owner', OPERATOR_OFFLINE)).resolves.toMatchObject({ id: member.id, role: 'owner', status: 'active' });
      await expect(one.accounts.changeRole(ws, 'nobody', 'owner', OPERATOR_OFFLINE)).rejects.toEqual(refused('MEMBER_NOT_FOUND', 404));
      await expect(one.accounts.changeRole('nope', member.id, 'owner', OPERATOR_OFFLINE)).rejects.toEqual(refused('WORKSPACE_NOT_FOUND', 404));
      await expect(one.accounts.changeRole(ws, owner.id, 'admin' as 'owner', OPERATOR_OFFLINE)).rejects.toEqual(
        expect.objectContaining({ code: 'INVALID_REQUEST', extra: { validationErrors: ['role must be one of: owner, member'] } }),
      );
    });

    it("changes an invitee's role: their open invite follows", async () => {
      const ws = await workspace();
      await activeMember(ws, email('owner'));
      const invited = await one.accounts.invite(ws, email('later'), 'member', OPERATOR_OFFLINE);
      await one.accounts.changeRole(ws, invited.id, 'owner', OPERATOR_OFFLINE);
      expect(await one.accounts.describeInvite(tokenOf(invited.inviteUrl))).toMatchObject({ role: 'owner' });
      await one.accounts.acceptInvite(tokenOf(invited.inviteUrl), PASSWORD);
      expect(await one.accounts.roleIn(invited.id, ws)).toBe('owner');
    });

    it('voids the open invite of a removed invitee and forgets them', async () => {
      const ws = await workspace();
      await activeMember(ws, email('boss'));
      const address = email('gone');
      const invited = await one.accounts.invite(ws, address, 'member', OPERATOR_OFFLINE);
      await one.accounts.removeMember(ws, invited.id, OPERATOR_OFFLINE);
      await expect(one.accounts.acceptInvite(tokenOf(invited.inviteUrl), PASSWORD)).rejects.toEqual(refused('INVALID_INVITE', 400));
      const rows: unknown[] = await one.dataSource.query(`SELECT id FROM users WHERE email = '${address}'`);
      expect(rows).toEqual([]);
      // And they can be invited afresh.
      await expect(one.accounts.invite(ws, address, 'member', OPERATOR_OFFLINE)).resolves.toMatchObject({ status: 'invited' });
    });

    it('lists memberships by workspace name, and forgets those of a deleted workspace', async () => {
      const address = email('many');
      const [b, a, c] = [await workspace('beta'), await workspace('Alpha'), await workspace('gamma')];
      const user = await activeMember(b, address, 'member');
      for (const [ws, role] of [[a, 'owner'], [c, 'member']] as const) {
        await one.accounts.acceptInvite(tokenOf((await one.accounts.invite(ws, address, role, OPERATOR_OFFLINE)).inviteUrl), PASSWORD);
      }
      expect((await two.accounts.memberships(user.id)).map((m) => [m.workspaceName, m.role])).toEqual([['Alpha', 'owner'], ['beta', 'member'], ['gamma', 'member']]);
      const session = await one.sessions.start(user.id, c);
      await one.dataSource.query(one.dataSource.options.type === 'postgres' ? 'DELETE FROM workspaces WHERE id = $1' : 'DELETE FROM workspaces WHERE id = ?', [c]);
      expect((await two.accounts.memberships(user.id)).map((m) => m.workspaceName)).toEqual(['Alpha', 'beta']);
      expect(await two.sessions.resolve(session.token)).toBeNull();
    });
  });

  describe('sessions', () => {
    let ws: string;
    let user: { id: string; email: string };
    beforeAll(async () => {
      ws = await workspace('Sessions');
      user = await activeMember(ws, email('session'));
    });

    it('starts a session that every replica resolves, with a CSRF token, storing only the digest of its token', async () => {
      const { token, session } = await one.sessions.start(user.id, ws);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(session).toEqual({ userId: user.id, email: user.email, workspaceId: ws, csrfToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
      expect(await two.sessions.resolve(token)).toEqual(session);
      const rows: unknown[] = await one.dataSource.query('SELECT * FROM sessions');
      expect(JSON.stringify(rows)).not.toContain(token);
      expect(JSON.stringify(rows)).toContain(digestToken(token));
      const other = await one.sessions.start(user.id, ws);
      expect(other.token).not.toBe(token);
      expect(other.session.csrfToken).not.toBe(session.csrfToken);
    });

    it('resolves nothing for a missing, malformed or unknown token', async () => {
      for (const token of [undefined, '', 'x', 'A'.repeat(43), 'A'.repeat(10_000)]) expect(await one.sessions.resolve(token)).toBeNull();
    });

    it('ends after 12 hours idle', async () => {
      const { token } = await one.sessions.start(user.id, ws);
      clock.advance(12 * HOUR - 1);
      expect(await one.sessions.resolve(token)).not.toBeNull();
      clock.advance(12 * HOUR - 1);
      expect(await two.sessions.resolve(token)).not.toBeNull();
      clock.advance(12 * HOUR);
      expect(await two.sessions.resolve(token)).toBeNull();
      clock.advance(-12 * HOUR);
      // Gone for good, not only expired.
      expect(await one.sessions.resolve(token)).toBeNull();
    });

    it('ends 7 days after sign-in however active it is', async () => {
      const { token } = await one.sessions.start(user.id, ws);
      // A request every 6 hours for 7 days less a moment.
      for (let i = 0; i < 27; i++) {
        clock.advance(6 * HOUR);
        expect(await one.sessions.resolve(token)).not.toBeNull();
      }
      clock.advance(6 * HOUR - 1);
      expect(await one.sessions.resolve(token)).not.toBeNull();
      clock.advance(1);
      expect(await one.sessions.resolve(token)).toBeNull();
    });

    it('writes last_seen at most once a minute', async () => {
      const { token } = await one.sessions.start(user.id, ws);
      const lastSeen = async () => {
        const rows: Array<{ last_seen_at: string | number }> = await one.dataSource.query(
          one.dataSource.options.type === 'postgres' ? 'SELECT last_seen_at FROM sessions WHERE token_digest = $1' : 'SELECT last_seen_at FROM sessions WHERE token_digest = ?',
          [digestToken(token)],
        );
        return Number(rows[0].last_seen_at);
      };
      const started = clock.time;
      clock.advance(59_000);
      await one.sessions.resolve(token);
      expect(await lastSeen()).toBe(started);
      clock.advance(1_000);
      await one.sessions.resolve(token);
      expect(await lastSeen()).toBe(started + MINUTE);
    });

    it('ends at sign-out on every replica', async () => {
      const { token } = await one.sessions.start(user.id, ws);
      await two.sessions.end(token);
      expect(await one.sessions.resolve(token)).toBeNull();
      await expect(one.sessions.end(token)).resolves.toBeUndefined();
      await expect(one.sessions.end('not a token')).resolves.toBeUndefined();
    });

    it("switches only to the user's own workspaces", async () => {
      const other = await workspace('Other');
      const stranger = await workspace('Stranger');
      await one.accounts.acceptInvite(tokenOf((await one.accounts.invite(other, user.email, 'member', OPERATOR_OFFLINE)).inviteUrl), PASSWORD);
      const { token, session } = await one.sessions.start(user.id, ws);
      await two.sessions.switchWorkspace(token, other);
      expect(await one.sessions.resolve(token)).toEqual({ ...session, workspaceId: other });
      await expect(one.sessions.switchWorkspace(token, stranger)).rejects.toEqual(refused('WORKSPACE_NOT_FOUND', 404));
      await expect(one.sessions.start(user.id, stranger)).rejects.toEqual(refused('WORKSPACE_NOT_FOUND', 404));
      expect((await one.sessions.resolve(token))!.workspaceId).toBe(other);
      await one.sessions.end(token);
      await expect(one.sessions.switchWorkspace(token, other)).rejects.toEqual(refused('SESSION_REQUIRED', 401));
    });
  });
});
