// What an operator scrapes and follows (issue 53): GET /api/metrics in Prometheus's text format
// behind a bearer token (404 without one configured), request durations by route pattern, the
// process's own metrics, the database pool (PostgreSQL), the outbox and the import jobs; and one
// request id end to end, from the proxy's X-Request-Id to the answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { startTestServer, type TestServer } from '../support/server';
import { call, login } from './helpers';

const TOKEN = 'a'.repeat(20) + '-metrics-token-for-tests';

describe('metrics', () => {
  let server: TestServer;
  let off: TestServer;
  beforeAll(async () => {
    // No import workers on the scraped one: an import started there waits in the queue (IMPORT_WORKERS=0).
    [server, off] = await Promise.all([startTestServer({ metricsToken: TOKEN, importWorkers: 0 }), startTestServer()]);
  });
  afterAll(async () => {
    await Promise.all([server?.close(), off?.close()]);
  });

  it('answers only the scraper that holds the token, and is not there without one', async () => {
    expect((await call(off, 'GET', '/api/metrics', { token: TOKEN })).status).toBe(404);
    expect((await call(server, 'GET', '/api/metrics')).status).toBe(401);
    expect((await call(server, 'GET', '/api/metrics', { token: `${TOKEN}x` })).status).toBe(401);
    const { token } = await login(server, 'admin@demo.test');
    // A user's own sign-in is not the scraper's token.
    expect((await call(server, 'GET', '/api/metrics', { token })).status).toBe(401);
    const scraped = await call(server, 'GET', '/api/metrics', { token: TOKEN });
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get('content-type')).toMatch(/^text\/plain/);
  });

  it('counts requests by route pattern, method and status, never by address', async () => {
    const { token } = await login(server, 'admin@demo.test');
    for (let i = 0; i < 3; i++) expect((await call(server, 'GET', '/api/users/current', { token })).status).toBe(200);
    expect((await call(server, 'GET', '/api/companies/987654', { token })).status).toBe(404);
    const text = (await call(server, 'GET', '/api/metrics', { token: TOKEN })).text;
    const current = /http_requests_total\{method="GET",route="\/api\/users\/current",status="200"\} (\d+)/.exec(text);
    expect(Number(current?.[1])).toBeGreaterThanOrEqual(3);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/users\/current",status="200"\} \d+/);
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/companies\/:id",status="404"\} 1/);
    expect(text).not.toContain('987654');
  });

  it("reports the process's event-loop delay, the outbox, the import jobs and, on PostgreSQL, the pool", async () => {
    const text = (await call(server, 'GET', '/api/metrics', { token: TOKEN })).text;
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^mail_outbox_pending \d+$/m);
    expect(text).toMatch(/^import_jobs_running 0$/m);
    if (process.env.TEST_DB === 'postgres') {
      expect(text).toMatch(/^db_pool_connections \d+$/m);
      expect(text).toMatch(/^db_pool_waiting_requests 0$/m);
    } else {
      expect(text).not.toContain('db_pool_connections');
    }
  });

  it('counts an import waiting in the job queue, which an instance without import workers leaves there', async () => {
    const { token } = await login(server, 'admin@demo.test');
    const configs = await call<Array<{ guid: string; company: { guid: string } }>>(server, 'GET', '/api/configs?range=[0,0]', { token });
    const [config] = configs.body;
    const file = { name: 'queued.csv', content: 'record,name\nfranchise,Kia' };
    const started = await call<{ id: string; status: string }>(server, 'POST', '/api/migration/imports', { token, body: { file, config: config.guid, company: config.company.guid } });
    expect(started.status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await call<{ status: string; processed: number }>(server, 'GET', `/api/migration/jobs/${started.body.id}`, { token })).body).toMatchObject({ status: 'running', processed: 0 });
    const text = (await call(server, 'GET', '/api/metrics', { token: TOKEN })).text;
    expect(text).toMatch(/^job_queue_waiting\{queue="legacy-import"\} 1$/m);
    expect(text).toMatch(/^import_jobs_running 1$/m);
  });

  it("carries a proxy's X-Request-Id through to the answer, and gives one to a request without", async () => {
    const given = await call(server, 'GET', '/api/health', { headers: { 'x-request-id': '4f9c2a7e-proxy-id' } });
    expect(given.headers.get('x-request-id')).toBe('4f9c2a7e-proxy-id');
    const none = await call(server, 'GET', '/api/health');
    expect(none.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // Not a plain token: not taken into the logs, a new id instead (also on an error).
    const odd = await call(server, 'GET', '/api/nowhere', { headers: { 'x-request-id': 'a b c d e f g h' } });
    expect(odd.status).toBe(404);
    expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses to start with a guessable token', async () => {
    await expect(buildApp({ database: server.database, metricsToken: 'short' })).rejects.toThrow(/METRICS_TOKEN/);
  });
});
