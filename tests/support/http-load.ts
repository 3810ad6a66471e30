import { Agent, request } from 'node:http';

export interface LoadStats {
  /** Answers by HTTP status. */
  statuses: Record<number, number>;
  /** Failed requests by error code (ECONNREFUSED once the server stopped listening, ...). */
  errors: Record<string, number>;
}

export interface Load {
  /** Counted so far (live: a test can wait for a count). */
  stats: LoadStats;
  /**
   * Ends the load by hanging up every connection, also those whose request the server is still
   * working on, as a load tool stopping or a browser closing does. Resolves with the final counts.
   */
  stop(): Promise<LoadStats>;
}

export interface LoadRequest {
  path: string;
  method?: string;
  headers?: Record<string, string>;
  /** JSON body (sets content-type). */
  json?: unknown;
}

const bump = (counts: Record<string | number, number>, key: string | number) => {
  counts[key] = (counts[key] ?? 0) + 1;
};

/**
 * `connections` keep-alive clients against `base`, each sending the request again as soon as its
 * answer is in, until `stop()`.
 */
export function startLoad(base: string, what: LoadRequest, connections: number): Load {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const stats: LoadStats = { statuses: {}, errors: {} };
  const body = what.json === undefined ? undefined : JSON.stringify(what.json);
  const headers = { ...what.headers, ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }) };
  let running = true;

  const once = () =>
    new Promise<boolean>((done) => {
      const req = request(new URL(what.path, base), { agent, method: what.method ?? 'GET', headers }, (res) => {
        res.resume();
        res.on('close', () => {
          if (res.complete) bump(stats.statuses, res.statusCode ?? 0);
          else if (running) bump(stats.errors, 'incomplete answer');
          done(res.complete);
        });
      });
      req.on('error', (err: NodeJS.ErrnoException) => {
        if (running) bump(stats.errors, err.code ?? err.message);
        done(false);
      });
      req.end(body);
    });
  const client = async () => {
    while (running) {
      // After a failure (the server has stopped listening), pace the retries instead of spinning.
      if (!(await once()) && running) await new Promise((r) => setTimeout(r, 20));
    }
  };
  const clients = Array.from({ length: connections }, client);

  return {
    stats,
    async stop() {
      running = false;
      agent.destroy();
      await Promise.all(clients);
      return stats;
    },
  };
}

export interface HeldRequest {
  /** Sends the rest of the body; resolves with the answer, rejects if the connection was cut. */
  finish(): Promise<{ status: number; text: string }>;
}

/**
 * A JSON POST whose body stops after its first bytes: the server has the request in flight (its
 * handler waits for the body) until `finish()`.
 */
export function holdRequest(base: string, path: string, json: unknown): HeldRequest {
  const body = JSON.stringify(json);
  const target = new URL(path, base);
  let answer: ((value: { status: number; text: string }) => void) | null = null;
  let failure: ((err: Error) => void) | null = null;
  const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
    answer = resolve;
    failure = reject;
  });
  // Reported by finish(), not here: an unhandled rejection before the test asks would end the run.
  answered.catch(() => {});
  const req = request(
    { host: target.hostname, port: target.port, path: target.pathname, method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
    (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => answer!({ status: res.statusCode ?? 0, text }));
      res.on('error', (err) => failure!(err));
    },
  );
  req.on('error', (err) => failure!(err));
  req.write(body.slice(0, 10));
  return {
    finish() {
      req.end(body.slice(10));
      return answered;
    },
  };
}
