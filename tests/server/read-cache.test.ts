import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { mayHaveWritten, ReadCache } from '../../server/db/read-cache';
import { permissions, rolePermissions, users } from '../../server/db/schema';
import { startTestServer, type TestServer } from '../support/server';
import { call, login, servedFromMemory } from './helpers';

// Reads answered from memory (server/db/read-cache.ts) must never outlive a write: each change
// below is made straight in the database, as any other code path would, and must show on the very
// next request. On both databases; on PostgreSQL also a write by another process (another instance).

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const me = (token: string) => call<{ user: { name: string } }>(server, 'GET', '/api/users/current', { token });

describe('reads from memory end with the next write', () => {

  it('a second read is served from memory; a changed name shows at once', async () => {
    const s = await login(server, 'dealer@demo.test');
    expect((await me(s.token)).body.user.name).toBe('Dana Dealer');
    expect(await servedFromMemory(server.app.database.reads, () => me(s.token))).toBe(true);
    expect((await me(s.token)).body.user.name).toBe('Dana Dealer');

    await server.app.db.update(users).set({ name: 'Dana Renamed' }).where(eq(users.email, 'dealer@demo.test'));
    expect((await me(s.token)).body.user.name).toBe('Dana Renamed');
    await server.app.db.update(users).set({ name: 'Dana Dealer' }).where(eq(users.email, 'dealer@demo.test'));
    expect((await me(s.token)).body.user.name).toBe('Dana Dealer');
  });

  it('a permission taken from a role is refused on the next request', async () => {
    const s = await login(server, 'admin@demo.test');
    expect((await call(server, 'GET', '/api/permissions', { token: s.token })).status).toBe(200);
    const [perm] = await server.app.db.select().from(permissions).where(eq(permissions.name, 'view permissions'));
    const removed = await server.app.db.delete(rolePermissions).where(eq(rolePermissions.permissionId, perm.id)).returning();
    try {
      expect((await call(server, 'GET', '/api/permissions', { token: s.token })).status).toBe(403);
    } finally {
      await server.app.db.insert(rolePermissions).values(removed);
    }
    expect((await call(server, 'GET', '/api/permissions', { token: s.token })).status).toBe(200);
  });

  it('a session revoked by a statement inside a transaction is refused on the next request', async () => {
    const s = await login(server, 'pm@demo.test');
    expect((await me(s.token)).status).toBe(200);
    expect((await me(s.token)).status).toBe(200);
    await server.app.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE sessions SET revoked_at = now() WHERE user_id = (SELECT id FROM users WHERE email = 'pm@demo.test')`);
    });
    expect((await me(s.token)).status).toBe(401);
  });

  it('a disabled user is refused on the next request', async () => {
    const s = await login(server, 'am@demo.test');
    expect((await me(s.token)).status).toBe(200);
    await server.app.db.update(users).set({ status: 'disabled' }).where(eq(users.email, 'am@demo.test'));
    try {
      expect((await me(s.token)).status).toBe(401);
    } finally {
      await server.app.db.update(users).set({ status: 'active' }).where(and(eq(users.email, 'am@demo.test')));
    }
  });

  it('the sign-in tables move their own counter when a change to them commits; other writes do not move it', async () => {
    const counter = async (db: Pick<typeof server.app.db, 'execute'> = server.app.db) => {
      const result = await db.execute(sql`SELECT n FROM read_generations WHERE name = 'auth'`);
      const rows = ((result as { rows?: Array<{ n: string | number }> }).rows ?? (result as unknown as Array<{ n: string | number }>));
      return Number(rows[0].n);
    };
    const start = await counter();
    await server.app.db.execute(sql`UPDATE configs SET updated_at = now() WHERE id = (SELECT min(id) FROM configs)`);
    expect(await counter()).toBe(start);
    // Once per transaction, however many rows it changed, and only once it commits.
    await server.app.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE users SET updated_at = now()`);
      await tx.execute(sql`UPDATE sessions SET expires_at = expires_at`);
      expect(await counter(tx)).toBe(start);
    });
    expect(await counter()).toBe(start + 1);
    await expect(
      server.app.db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE users SET updated_at = now()`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await counter()).toBe(start + 1);
    const s = await login(server, 'dealer@demo.test');
    expect(await counter()).toBeGreaterThan(start + 1);
    expect((await me(s.token)).status).toBe(200);
  });

  it.runIf(process.env.TEST_DB === 'postgres')('on PostgreSQL a write to other tables keeps the sign-in check in memory; a logout still ends it at once', async () => {
    const s = await login(server, 'dealer@demo.test');
    await me(s.token);
    const reads = server.app.database.reads;
    // A config written (as a stage write stores it): the next request's session check is from memory.
    await server.app.db.execute(sql`UPDATE configs SET updated_at = now() WHERE id = (SELECT min(id) FROM configs)`);
    const hits = reads.hits;
    expect((await call(server, 'GET', '/api/configs/1', { token: s.token })).status).toBe(200);
    expect(reads.hits).toBe(hits + 1);
    expect((await call(server, 'POST', '/api/logout', { token: s.token, cookie: s.cookie })).status).toBe(204);
    expect((await me(s.token)).status).toBe(401);
  });

  it('reads that change nothing keep the cache (an UPDATE of no rows)', async () => {
    const s = await login(server, 'dealer2@demo.test');
    await me(s.token);
    const reads = server.app.database.reads;
    const hits = reads.hits;
    const writes = reads.localWrites;
    await server.app.db.update(users).set({ name: 'nobody' }).where(eq(users.email, 'no-such-user@demo.test'));
    await server.app.db.select().from(users).limit(1);
    expect(reads.localWrites).toBe(writes);
    await me(s.token);
    // On PostgreSQL another test file's commit (same server) may rightly end the entries meanwhile.
    if (process.env.TEST_DB !== 'postgres') expect(reads.hits).toBe(hits + 2); // the session and the current user, both from memory
  });
});

describe('ReadCache', () => {
  const pglite = () => new ReadCache(null);
  const request = () => ({});

  it('does not keep a value loaded while a write landed', async () => {
    const cache = pglite();
    let release!: () => void;
    const loading = cache.read(request(), 'k', () => new Promise<string>((r) => (release = () => r('old'))));
    await Promise.resolve();
    cache.invalidate();
    release();
    expect(await loading).toBe('old');
    expect(await cache.read(request(), 'k', async () => 'new')).toBe('new');
  });

  it('ends an entry at its own expiry', async () => {
    const cache = pglite();
    expect(await cache.read(request(), 'k', async () => 1, () => Date.now() - 1)).toBe(1);
    expect(await cache.read(request(), 'k', async () => 2)).toBe(2);
    expect(await cache.read(request(), 'k', async () => 3)).toBe(2);
  });

  it('keeps at most its size, dropping the oldest', async () => {
    const cache = new ReadCache(null, true, 2);
    await cache.read(request(), 'a', async () => 'a1');
    await cache.read(request(), 'b', async () => 'b1');
    await cache.read(request(), 'c', async () => 'c1');
    expect(await cache.read(request(), 'a', async () => 'a2')).toBe('a2');
    expect(await cache.read(request(), 'c', async () => 'c2')).toBe('c1');
  });

  it('keeps at most its bytes, dropping the oldest (kept answers say their size)', async () => {
    const cache = new ReadCache(null, true, 100, 10);
    const size = (value: string) => value.length;
    await cache.read(request(), 'a', async () => 'a1a1a1', undefined, size);
    await cache.read(request(), 'b', async () => 'b1b1b1', undefined, size);
    // 12 bytes would be past 10: a went.
    expect(await cache.read(request(), 'a', async () => 'a2a2a2', undefined, size)).toBe('a2a2a2');
    // ...and b, for a's new entry.
    expect(await cache.read(request(), 'b', async () => 'b2b2b2', undefined, size)).toBe('b2b2b2');
    // An entry read again replaces its own size, not adds to it.
    expect(await cache.read(request(), 'b', async () => 'b3b3b3', undefined, size)).toBe('b2b2b2');
  });

  it('disabled, it always loads', async () => {
    const cache = new ReadCache(null, false);
    await cache.read(request(), 'k', async () => 1);
    expect(await cache.read(request(), 'k', async () => 2)).toBe(2);
  });

  it('with snapshots: serves an entry only under the snapshot it was read in, asked once per request', async () => {
    let snapshot = 's1';
    let asked = 0;
    const cache = new ReadCache(async () => {
      asked++;
      return snapshot;
    });
    const first = request();
    expect(await cache.read(first, 'k', async () => 'v1')).toBe('v1');
    expect(await cache.read(first, 'other', async () => 'o1')).toBe('o1');
    expect(asked).toBe(1);
    expect(await cache.read(request(), 'k', async () => 'v2')).toBe('v1');
    snapshot = 's2'; // another instance committed a write
    expect(await cache.read(request(), 'k', async () => 'v3')).toBe('v3');
    // A request that writes and then reads asks again.
    const writer = request();
    await cache.read(writer, 'k', async () => 'unused');
    snapshot = 's3';
    cache.invalidate();
    expect(await cache.read(writer, 'k', async () => 'v4')).toBe('v4');
  });

  it('with snapshots: requests asking in the same turn share one query; a request asking once it was sent waits for the next', async () => {
    let snapshot = 's1';
    let asked = 0;
    const answers: Array<() => void> = [];
    const cache = new ReadCache(() => {
      asked++;
      const seen = snapshot; // what the database saw when the query ran
      return new Promise<string>((resolve) => answers.push(() => resolve(seen)));
    });
    const answerAll = async () => {
      while (!answers.length) await new Promise((r) => setImmediate(r));
      answers.splice(0).forEach((answer) => answer());
    };
    let loads = 0;
    const together = [1, 2, 3].map((n) => cache.read(request(), 'k', async () => (loads++, `v${n}`)));
    await answerAll();
    // One snapshot query, and one load the three share (the same key under the same snapshot).
    expect(await Promise.all(together)).toEqual(['v1', 'v1', 'v1']);
    expect(loads).toBe(1);
    expect(cache.joined).toBe(2);
    expect(asked).toBe(1);

    // A query on its way; a commit lands; a request that begins now must not share that query.
    const early = cache.read(request(), 'j', async () => 'before');
    while (!answers.length) await new Promise((r) => setImmediate(r));
    snapshot = 's2';
    const late = cache.read(request(), 'j', async () => 'after');
    await answerAll();
    await answerAll();
    expect(await early).toBe('before');
    expect(await late).toBe('after');
    expect(asked).toBe(3);
  });
});

describe('ReadCache single flight: a load is joined only under the same snapshot (issue 53)', () => {
  const request = () => ({});
  /** A load held until released, counting how often it ran. */
  const held = (value: string) => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const load = Object.assign(
      async () => {
        load.runs++;
        await gate;
        return value;
      },
      { runs: 0 },
    );
    return { load, release };
  };
  const turn = () => new Promise((resolve) => setImmediate(resolve));

  it('on PostgreSQL: a request that began after a commit does not join the load that began before it, nor gets its answer kept', async () => {
    let snapshot = 's1';
    const cache = new ReadCache(async () => snapshot);
    const before = held('before the commit');
    const first = cache.read(request(), 'dashboard:1', before.load);
    const alongside = cache.read(request(), 'dashboard:1', async () => 'never run: joins the first');
    await turn();
    await turn();
    expect(before.load.runs).toBe(1);

    snapshot = 's2'; // another instance commits while the first load is held
    const after = held('after the commit');
    const second = cache.read(request(), 'dashboard:1', after.load);
    await turn();
    await turn();
    expect(after.load.runs).toBe(1); // its own load: the first one's answer is older than its snapshot

    before.release();
    expect(await first).toBe('before the commit');
    expect(await alongside).toBe('before the commit');
    after.release();
    expect(await second).toBe('after the commit');
    // The next request under the new snapshot reads the newer answer from memory, never the older.
    expect(await cache.read(request(), 'dashboard:1', async () => 'not loaded again')).toBe('after the commit');
    expect(cache.joined).toBe(1);
  });

  it('on PostgreSQL: the older load finishing last does not replace the newer answer', async () => {
    let snapshot = 's1';
    const cache = new ReadCache(async () => snapshot);
    const before = held('old');
    const first = cache.read(request(), 'k', before.load);
    await turn();
    await turn();
    snapshot = 's2';
    expect(await cache.read(request(), 'k', async () => 'new')).toBe('new');
    before.release();
    expect(await first).toBe('old');
    // The older answer is kept under its own snapshot only: a request under the newer one never
    // gets it (it may have to load again).
    expect(await cache.read(request(), 'k', async () => 'loaded again')).not.toBe('old');
  });

  it('on PGlite: after a write of this process a request does not join the load that began before it', async () => {
    const cache = new ReadCache(null);
    const before = held('old');
    const first = cache.read(request(), 'k', before.load);
    cache.invalidate();
    const second = cache.read(request(), 'k', async () => 'new');
    expect(await second).toBe('new');
    before.release();
    expect(await first).toBe('old');
    expect(await cache.read(request(), 'k', async () => 'loaded again')).toBe('new');
    expect(cache.joined).toBe(0);
  });

  it('a failed load fails the requests that joined it, and the next request loads again', async () => {
    const cache = new ReadCache(null);
    let fail: ((error: Error) => void) | undefined;
    const first = cache.read(request(), 'k', () => new Promise<string>((_, reject) => (fail = reject)));
    const joined = cache.read(request(), 'k', async () => 'not run');
    while (!fail) await turn();
    fail(new Error('database gone'));
    await expect(first).rejects.toThrow('database gone');
    await expect(joined).rejects.toThrow('database gone');
    expect(await cache.read(request(), 'k', async () => 'back')).toBe('back');
  });
});

describe('ReadCache sign-in checks (readAuth)', () => {
  const request = () => ({});

  it('on PostgreSQL: kept across writes to other tables, ended when the sign-in tables move', async () => {
    let state = { snapshot: 's1', auth: '1' };
    const cache = new ReadCache(async () => state);
    expect(await cache.readAuth(request(), 'session', async () => 'v1')).toBe('v1');
    expect(await cache.read(request(), 'list', async () => 'l1')).toBe('l1');
    // Another instance wrote a config (the snapshot moved), then this one did (invalidate).
    state = { snapshot: 's2', auth: '1' };
    cache.invalidate();
    expect(await cache.readAuth(request(), 'session', async () => 'v2')).toBe('v1');
    expect(await cache.read(request(), 'list', async () => 'l2')).toBe('l2');
    // A logout committed: the counter moved.
    state = { snapshot: 's3', auth: '2' };
    cache.invalidate();
    expect(await cache.readAuth(request(), 'session', async () => 'v3')).toBe('v3');
  });

  it('on PostgreSQL: a request that wrote asks again before its next sign-in check', async () => {
    let state = { snapshot: 's1', auth: '1' };
    let asked = 0;
    const cache = new ReadCache(async () => {
      asked++;
      return state;
    });
    const writer = request();
    expect(await cache.readAuth(writer, 'session', async () => 'signed in')).toBe('signed in');
    state = { snapshot: 's2', auth: '2' }; // this request logged out
    cache.invalidate();
    expect(await cache.readAuth(writer, 'session', async () => 'signed out')).toBe('signed out');
    expect(asked).toBe(2);
  });

  it('on PGlite: ended by every write, as every other read', async () => {
    const cache = new ReadCache(null);
    expect(await cache.readAuth(request(), 'session', async () => 'v1')).toBe('v1');
    expect(await cache.readAuth(request(), 'session', async () => 'v2')).toBe('v1');
    cache.invalidate();
    expect(await cache.readAuth(request(), 'session', async () => 'v3')).toBe('v3');
  });

  it('ends at its own expiry', async () => {
    const cache = new ReadCache(async () => ({ snapshot: 's', auth: '1' }));
    expect(await cache.readAuth(request(), 'session', async () => 1, () => Date.now() - 1)).toBe(1);
    expect(await cache.readAuth(request(), 'session', async () => 2)).toBe(2);
    expect(await cache.readAuth(request(), 'session', async () => 3)).toBe(2);
  });
});

describe('mayHaveWritten', () => {
  it('tells reads, counted writes and hidden writes apart', () => {
    expect(mayHaveWritten('select 1', undefined)).toBe(false);
    expect(mayHaveWritten('  SELECT * from users', 0)).toBe(false);
    expect(mayHaveWritten('update users set name = $1 where id = $2', 0)).toBe(false);
    expect(mayHaveWritten('update users set name = $1 where id = $2', 1)).toBe(true);
    expect(mayHaveWritten('insert into x values (1)', undefined)).toBe(true);
    // A data-modifying CTE reports the final SELECT's count: always a write.
    expect(mayHaveWritten('WITH bumped AS (UPDATE configs SET version = 2 RETURNING id) SELECT * FROM bumped', 0)).toBe(true);
    expect(mayHaveWritten('begin', undefined)).toBe(true);
  });
});
