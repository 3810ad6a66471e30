/** The migration API (server/migration/README.md) over the one HTTP client; errors are shown by the page. */
import type { ImportJobAnswer, MigrationReport } from '../../contract/migration';
import { http } from '../http';

/** The answers' types are the contract's (contract/migration.ts), which the server serialises with. */
export type { MigrationReport, ReportRow, StageReport } from '../../contract/migration';
export type ImportJob = ImportJobAnswer;

export interface MigrationRequest {
  file: { name: string; content: string };
  config: string;
  company?: string;
  skip_rejected?: boolean;
}

const quiet = { notify: false } as const;
export const dryRun = (body: MigrationRequest) => http.post<MigrationReport>('/migration/dry-run', body, quiet);
export const startImport = (body: MigrationRequest) => http.post<ImportJob>('/migration/imports', body, quiet);
export const getJob = (id: string) => http.get<ImportJob>(`/migration/jobs/${id}`, { ...quiet, cache: false });
export const cancelJob = (id: string) => http.post<ImportJob>(`/migration/jobs/${id}/cancel`, undefined, quiet);

/** The shipped sample legacy file, as text. */
export async function sampleFile(format: 'json' | 'csv' = 'json'): Promise<string> {
  const r = await http.request<unknown>('/migration/sample', { query: { format }, cache: false, ...quiet });
  const body = r?.body;
  return typeof body === 'string' ? body : JSON.stringify(body, null, 2);
}
