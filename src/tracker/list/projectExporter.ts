import { downloadCSV, type Exporter } from 'react-admin';
import { toCsv } from '../../data/csv';
import type { ProjectListItem } from '../types';

/** CSV of the projects in list order (src/data/csv.ts: formula cells defused); dates as stored (ISO), the figures as numbers. */
export const projectExporter: Exporter<ProjectListItem> = (records) => {
  const rows = records.map((r) => ({
    id: r.id, name: r.name, company: r.company_name, project_type: r.project_type, status: r.status, rag: r.rag, complete_percentage: r.complete_percentage,
    tasks_done: r.tasks_done, tasks_total: r.tasks_total, overdue_tasks: r.overdue_tasks, project_manager: r.project_manager?.name ?? '', account_manager: r.account_manager?.name ?? '',
    start_date: r.start_date ?? '', launch_date: r.launch_date ?? '', risks: r.counts.risks, variations: r.counts.variations, stakeholders: r.counts.stakeholders, notes: r.counts.notes,
    next_due: r.next_due?.name ?? '', next_due_date: r.next_due?.due_date ?? '', updated_at: r.updated_at,
  }));
  downloadCSV(toCsv(rows, ['id', 'name', 'company']), 'projects');
};
