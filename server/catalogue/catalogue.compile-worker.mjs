// The entry of the stage-file worker thread (catalogue.compile.ts). A worker thread loads
// TypeScript only with a loader of its own: the server's `--import tsx` reaches it, a test
// runner's thread has none, so tsx is registered here (twice is harmless), then the task.
import { register } from 'tsx/esm/api';

register();
const { default: stageTask } = await import('./catalogue.compile-task.ts');
export default stageTask;
