import type { FastifyInstance } from 'fastify';
import type { ReportQuery } from '../../contract/reports';
import type { Db } from '../db/database';
import type { Viewer } from '../db/tenancy';
import { asAnswer, sendKept } from '../http/kept-answer';
import { routeDoc } from '../http/schemas';
import { reportRange, type ReportRange } from './reports.range';
import { reportBreakdown, reportHistory, reportTrend } from './reports.service';
import * as s from './reports.schemas';
import { todayUtc } from '../../contract/days';

type Report = (db: Db, viewer: Viewer, range: ReportRange) => Promise<unknown>;

const REPORTS: Array<{ name: keyof typeof s.responses; run: Report; summary: string }> = [
  {
    name: 'breakdown',
    run: reportBreakdown,
    summary: 'Projects started (start_date) within the range, by status and RAG as they stood at the end of `to` (server/reports/README.md)',
  },
  {
    name: 'trend',
    run: reportTrend,
    summary: 'Per calendar month of the range: projects started (start_date) and gone live (went_live_at); every month present',
  },
  {
    name: 'history',
    run: reportHistory,
    summary: 'Per calendar month of the range: the status of every project that existed at the month end (the last month: at `to`), from the status history',
  },
];

/**
 * The project reports (server/reports/README.md): GET /reports/projects/{breakdown, trend, history}
 * ?from=YYYY-MM-DD&to=YYYY-MM-DD, each 'tracker reports' and held to the viewer's companies in the
 * query. Kept answers (http/kept-answer.ts): read again once the database changed, and per day
 * (the default range moves with the date).
 */
export default async function reportRoutes(app: FastifyInstance) {
  const reports = app.auth.requirePermission('tracker reports');
  const doc = routeDoc('reports');
  for (const report of REPORTS) {
    app.get<{ Querystring: ReportQuery }>(
      `/reports/projects/${report.name}`,
      { preHandler: reports, schema: { ...doc(report.summary), querystring: s.query, response: s.responses[report.name] } },
      async (request, reply) => {
        const today = todayUtc();
        const range = reportRange(request.query, today);
        return sendKept(request, reply, `reports:${report.name}:${request.user!.id}:${today}:${range.from}:${range.to}`, () =>
          asAnswer(report.run(app.db, request.viewer!, range)),
        );
      },
    );
  }
}
