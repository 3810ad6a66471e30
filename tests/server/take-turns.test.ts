import { describe, expect, it } from 'vitest';
import { takeTurns } from '../../server/db/take-turns';

// PGlite runs statements synchronously on the server's thread (server/db/take-turns.ts): queued
// statements must leave the event loop a turn between them, keep their order, and survive a failure.

const busy = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};

function fakeClient(log: string[]) {
  return {
    async query(name: string) {
      busy(20);
      log.push(name);
      if (name === 'bad') throw new Error('syntax error');
      return name;
    },
    async exec(name: string) {
      busy(20);
      log.push(name);
    },
    async transaction(fn: (tx: { query(name: string): Promise<string> }) => Promise<unknown>) {
      return fn({ query: async (name) => (log.push(name), name) });
    },
  };
}

describe('takeTurns', () => {
  it('runs queued statements in order with a turn of the event loop between them', async () => {
    const log: string[] = [];
    const client = fakeClient(log);
    takeTurns(client as never);
    const statements = Array.from({ length: 10 }, (_, i) => client.query(`q${i}`));
    // A timer due at once: without turns it waited for all ten statements (200 ms of blocking).
    const timer = new Promise<number>((resolve) => setTimeout(() => resolve(log.length), 0));
    expect(await timer).toBeLessThanOrEqual(2);
    expect(await Promise.all(statements)).toEqual(log.slice(0, 10));
    expect(log).toEqual(Array.from({ length: 10 }, (_, i) => `q${i}`));
  });

  it('goes on after a failed statement, and a transaction is one turn', async () => {
    const log: string[] = [];
    const client = fakeClient(log);
    takeTurns(client as never);
    const failed = client.query('bad');
    const after = client.exec('after');
    const tx = client.transaction(async (t) => [await t.query('in-tx-1'), await t.query('in-tx-2')]);
    await expect(failed).rejects.toThrow('syntax error');
    await after;
    expect(await tx).toEqual(['in-tx-1', 'in-tx-2']);
    expect(log).toEqual(['bad', 'after', 'in-tx-1', 'in-tx-2']);
  });
});
