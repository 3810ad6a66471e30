import { describe, expect, it } from 'vitest';
import { runLoad } from '../../../bench/load';

// The load bench (`npm run bench -- load`: 50 connections, 3 x 30 s) in short, so CI runs it: a real
// server process under 50 connections of sign-ins and current-user reads for 5 s answers every
// request 2xx (each connection signs in as its own user, so no rate limit is reached, and a 429
// counts as an error like any other). Throughput and memory are the bench's to report, not timed here.
describe(`a short load run (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('answers every request of 50 connections for 5 s with a 2xx', async () => {
    const lines: string[] = [];
    const report = await runLoad({
      connections: 50,
      durationSeconds: 5,
      runs: 1,
      databaseUrl: process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : null,
      log: (line) => lines.push(line),
    });
    console.log(lines.join('\n'));
    const [run] = report.runs;
    expect(run.requests).toBeGreaterThan(0);
    expect({ errors: run.errors, statuses: run.statuses }).toEqual({ errors: 0, statuses: {} });
  }, 180_000);
});
