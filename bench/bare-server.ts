/**
 * The baseline of `npm run bench -- api`: a bare Fastify (no plugins, no database) in its own
 * process, answering each GET path with a body it was handed over IPC, from memory. The portal's
 * ratio to it is what the portal's own work costs per request.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface BareServer {
  url: string;
  stop(): Promise<void>;
}

/** Starts the bare server with `bodies` (path with query -> JSON text). */
export async function startBareServer(bodies: Record<string, string>): Promise<BareServer> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, BENCH_BARE_SERVER: '1' },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (m: { url?: string; error?: string }) => (m.url ? resolve(m.url) : reject(new Error(m.error))));
    child.once('exit', (code) => reject(new Error(`bare server exited (${code})`)));
    child.send({ bodies });
  });
  return {
    url,
    async stop() {
      const exited = new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function serve(bodies: Record<string, string>): Promise<void> {
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false });
  app.get('/*', (request, reply) => {
    const body = bodies[request.url];
    if (body === undefined) return reply.code(404).send({ message: 'not in the bench' });
    return reply.type('application/json; charset=utf-8').send(body);
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  process.on('SIGTERM', () => void app.close().finally(() => process.exit(0)));
  process.send!({ url });
}

if (process.env.BENCH_BARE_SERVER === '1') {
  process.once('message', (m: { bodies: Record<string, string> }) => {
    serve(m.bodies).catch((err) => {
      process.send?.({ error: String(err?.stack ?? err) });
      process.exit(1);
    });
  });
}
