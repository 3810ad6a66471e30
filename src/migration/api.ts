/** The migration API (server/migration/README.md) over the one HTTP client; errors are shown by the page. */
import { http } from '../http';

export interface ReportRow { ref: string; record: string; name: string; status: string; stage: string; target?: string; reason?: string }
export interface StageReport { stage: string; rows: number; new: number; updated: number; unchanged: number; conflict: number; rejected: number; not_migrated: number; kept: number; items: ReportRow[] }
export interface MigrationReport {
  file: string;
  format: string;
  config: { id: number; guid: string; name: string; project_type: string | null; company: { id: number; guid: string; name: string } };
  total_rows: number;
  notices: string[];
  stages: StageReport[];
  changed_stages: string[];
  rejected: number;
  conflicts: number;
}
export interface ImportJob {
  id: string;
  status: 'running' | 'done' | 'failed' | 'cancelled';
  processed: number;
  total: number;
  file: string;
  result?: { report: MigrationReport; changed: boolean; version: number; revision_stage: string | null };
  error?: { statusCode: number; message: string };
}
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
