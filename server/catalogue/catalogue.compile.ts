/**
 * Staff-authored stage files are checked and compiled off the event loop (issue 50): a draft of
 * 18 enums of 10,000 numbers took 16-18 s of the server's only thread per save, and every other
 * request waited. The work runs in a worker thread (piscina: a small, well-kept pool that restarts
 * a thread that died and takes an AbortSignal) with a memory limit and a time limit; a file past
 * either fails its own request with a problem that says so, and the thread is replaced.
 *
 * One thread: the machine has two cores, and the event loop keeps the other.
 */
import { Piscina } from 'piscina';
import { interpolate, serverMessages } from '../messages';
import type { StageTask, StageTaskResult } from './catalogue.compile-task';

/** How long checking and compiling one stage file may take (the largest built-in file takes about 50 ms warm). */
export const STAGE_WORK_SECONDS = 10;
/** Heap of the worker thread: checking a 1 MB file needs well under this. */
const WORKER_HEAP_MB = 256;

let pool: Piscina<StageTask, StageTaskResult> | null = null;

function workers(): Piscina<StageTask, StageTaskResult> {
  pool ??= new Piscina<StageTask, StageTaskResult>({
    filename: new URL('./catalogue.compile-worker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: 1,
    // Kept a while after use: its first task pays for loading the engine (about a second).
    idleTimeout: 5 * 60_000,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
  });
  return pool;
}

/** The file's problems as one, when the work could not finish. */
function unfinished(err: unknown): StageTaskResult {
  const abort = err instanceof Error && (err.name === 'AbortError' || err.name === 'TimeoutError');
  const memory = err instanceof Error && /ERR_WORKER_OUT_OF_MEMORY|out of memory/i.test(`${(err as { code?: string }).code} ${err.message}`);
  if (abort) return { problems: [interpolate(serverMessages.catalogue.check_timeout, { seconds: STAGE_WORK_SECONDS })], module: null };
  if (memory) return { problems: [interpolate(serverMessages.catalogue.check_memory, { megabytes: WORKER_HEAP_MB })], module: null };
  throw err;
}

/**
 * A stage file's publish problems (with `catalogue`: the other current files) and, when it has
 * none and `compile` names its identity, its validator module's text; in the worker thread, under
 * the time and memory limits. Never blocks the event loop.
 * @example const { problems, module } = await stageWork({ file, catalogue: others, compile: { version: 0, key } });
 */
export async function stageWork(task: StageTask): Promise<StageTaskResult> {
  try {
    return await workers().run(task, { signal: AbortSignal.timeout(STAGE_WORK_SECONDS * 1000) });
  } catch (err) {
    return unfinished(err);
  }
}
