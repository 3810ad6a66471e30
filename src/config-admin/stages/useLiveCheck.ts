/**
 * The linter as staff type: the file's publish problems (the engine's `lintStageFile` and
 * `publishProblems`) and the texts it lacks, asked of the server a moment after the last edit
 * (POST /stage-catalogue/{slug}/check: nothing is saved). The browser cannot run the linter itself:
 * it compiles schemas, which the app's CSP forbids. The meta-schema's own errors show at once in
 * the JSON editor (codemirror-json-schema); these follow within about half a second.
 */
import { useEffect } from 'react';
import type { CheckAnswer } from '../../../contract/catalogue';
import { http } from '../../http';

const QUIET_MS = 400;

/**
 * Calls `onChecked` with the server's verdict on `file` once edits pause (only while `active`), or
 * `onFailed` when no verdict came (a check replaced by a newer edit is neither).
 */
export function useLiveCheck(slug: string, file: unknown, labels: Record<string, Record<string, string>>, active: boolean, onChecked: (answer: CheckAnswer) => void, onFailed?: () => void): void {
  useEffect(() => {
    if (!active) return;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      http
        .post<CheckAnswer>(`/stage-catalogue/${encodeURIComponent(slug)}/check`, { file, labels }, { notify: false, signal: abort.signal })
        .then((answer) => (answer ? onChecked(answer) : onFailed?.()))
        // A check that failed (offline, a file too big) leaves the last verdict; saving says more.
        .catch(() => {
          if (!abort.signal.aborted) onFailed?.();
        });
    }, QUIET_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [slug, file, labels, active, onChecked, onFailed]);
}
