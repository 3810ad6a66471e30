import { PERMISSIONS as P } from '../auth/permissions';
import { auth, defineArea, link, perm } from '../routing/define';
import auditLog from '.';

/** The audit log (issue 58): every change staff and dealers made through the portal, for 'view audit log'. */
export default defineArea({
  routes: [auth('Audit Log', '/audit-log', 'routes.auditLog', perm(P.viewAuditLog), link('audit-log', 'menu.auditLog', 'admin', 40))],
  pages: { 'Audit Log': auditLog.list },
  resources: { 'audit-log': auditLog },
});
