import type { FastifyInstance } from 'fastify';
import { NotFound, Unauthorized } from '../domain-errors';
import { holdsToken } from '../http/operator-token';
import { serverMessages } from '../messages';

/**
 * GET /api/backup (issue 53): the embedded database (PGlite) copied while the portal runs, as a
 * gzipped tar of its data folder, for `npm run backup` (server/backup-cli.ts). Taken between two
 * statements, it holds every transaction committed before it; restored, PostgreSQL's own recovery
 * ends any transaction that was open at that moment, as after a power cut. Behind BACKUP_TOKEN;
 * without it, or on PostgreSQL (pg_dump is the way there), the route is not there.
 */
export default async function backupRoutes(app: FastifyInstance) {
  app.get('/backup', { schema: { tags: ['system'], hide: true } }, async (request, reply) => {
    const token = app.config.backupToken;
    const backup = app.database.backup;
    if (!token || !backup) throw new NotFound(serverMessages.not_found);
    if (!holdsToken(request, token)) throw new Unauthorized(serverMessages.unauthorised);
    const tar = Buffer.from(await (await backup()).arrayBuffer());
    const at = new Date().toISOString().replace(/[:.]/g, '-');
    return reply
      .type('application/gzip')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="portal-${at}.tar.gz"`)
      .send(tar);
  });
}
