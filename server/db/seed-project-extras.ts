// Demo variations, stakeholders, notes and risks on the demo projects (issue 28): variations of
// every type and status with their costs (some waiting for approval: pm@ raised them, admin@, the
// demo's foc_approver, decides), the company's users and an outside agency as stakeholders, a few
// internal notes and a risk register. Seeded once per database, after the projects; nothing when
// there are no projects yet.
import { asc, count, eq, inArray } from 'drizzle-orm';
import type { VariationType } from '../../contract/projects';
import type { RiskSeverity, RiskState, VariationStatus } from '../../contract/tracker';
import type { Db } from './database';
import { takeSeedLock } from './locks';
import { companies, companyUsers, projectNotes, projectRisks, projectStakeholders, projects, users, variations } from './schema';

const DAY = 86_400_000;

interface DemoVariation {
  type: VariationType;
  title: string;
  description: string;
  totalEffort: number;
  costImpact: number;
  focCost: number;
  status: VariationStatus;
  note?: string;
}

/** Every type and status: approved as raised (no free part), waiting, approved and rejected by admin@, a saving. */
const VARIATIONS: DemoVariation[] = [
  { type: 'order_confirmation', title: 'Two extra franchise landing pages', description: 'Added to the order after the kick-off call.', totalEffort: 12, costImpact: 1200, focCost: 0, status: 'approved' },
  { type: 'configuration', title: 'Second stock feed for the used-car site', description: 'The dealer moved their used stock to a second provider.', totalEffort: 6, costImpact: 450, focCost: 150, status: 'pending' },
  { type: 'styling', title: 'Brand colour refresh', description: 'The manufacturer changed its palette mid-project.', totalEffort: 8, costImpact: 0, focCost: 600, status: 'approved', note: 'Goodwill: the palette change was the manufacturer’s.' },
  { type: 'other', title: 'Finance calculator removed', description: 'The dealer keeps their own finance partner’s tool.', totalEffort: 2, costImpact: -300, focCost: 0, status: 'approved' },
  { type: 'configuration', title: 'Custom valuation widget', description: 'A bespoke part-exchange form instead of the standard tool.', totalEffort: 20, costImpact: 2500, focCost: 1000, status: 'rejected', note: 'Too large to give away; quote it as a change instead.' },
  { type: 'styling', title: 'Homepage hero video', description: 'A looping video in place of the hero image.', totalEffort: 4, costImpact: 0, focCost: 250, status: 'pending' },
  { type: 'order_confirmation', title: 'Extra location page', description: 'A new showroom opened after the order.', totalEffort: 3, costImpact: 300, focCost: 100, status: 'approved', note: 'Approved: opened during the build.' },
  { type: 'other', title: 'Weekend go-live support', description: 'The dealer wants the launch on a Saturday.', totalEffort: 5, costImpact: 400, focCost: 400, status: 'pending' },
];

const NOTES = [
  'Kick-off held with the dealer principal; content owner named on their side.',
  'Waiting on the dealer for logo files in vector format.',
  'Manufacturer approval needed for the homepage banners before go-live.',
];

const RISKS: Array<{ title: string; description: string; severity: RiskSeverity; state: RiskState }> = [
  { title: 'Stock feed credentials not supplied', description: 'Without them the used-car search cannot be tested.', severity: 'high', state: 'open' },
  { title: 'Content sign-off may slip', description: 'The marketing manager is away for two weeks.', severity: 'medium', state: 'open' },
  { title: 'Domain transfer', description: 'The old agency held the domain; transfer completed.', severity: 'low', state: 'closed' },
];

/** The extras on the demo projects, once per database; false when there were none to add. */
export async function seedDemoProjectExtras(db: Db): Promise<boolean> {
  const done = async (tx: Db) => (await tx.select({ n: count() }).from(variations))[0].n > 0;
  if (await done(db)) return false;
  const list = await db
    .select({ id: projects.id, companyId: projects.companyId, companyName: companies.name, createdAt: projects.createdAt })
    .from(projects)
    .innerJoin(companies, eq(companies.id, projects.companyId))
    .orderBy(asc(projects.id))
    .limit(20);
  if (!list.length) return false;
  const people = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, ['pm@demo.test', 'am@demo.test', 'admin@demo.test']));
  const userId = new Map(people.map((u) => [u.email, u.id]));
  const pm = userId.get('pm@demo.test') ?? null;
  const am = userId.get('am@demo.test') ?? null;
  const admin = userId.get('admin@demo.test') ?? null;
  const members = await db.select({ companyId: companyUsers.companyId, userId: companyUsers.userId }).from(companyUsers).where(inArray(companyUsers.companyId, [...new Set(list.map((p) => p.companyId))]));

  return db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    // The seed lock (locks.ts): instances starting at once seed these once.
    await takeSeedLock(tx);
    if (await done(tx)) return false;
    const now = Date.now();
    for (const [k, project] of list.entries()) {
      // Two variations on each of the first projects, so every type and status shows; the rest none.
      const mine = k < VARIATIONS.length / 2 ? [VARIATIONS[2 * k], VARIATIONS[2 * k + 1]] : [];
      for (const [j, v] of mine.entries()) {
        const created = new Date(now - (20 - k * 2 - j) * DAY);
        // A variation with a free part that is no longer pending was decided by the demo's approver.
        const decided = v.status === 'rejected' || (v.status === 'approved' && v.focCost > 0);
        await tx.insert(variations).values({
          projectId: project.id,
          type: v.type,
          title: v.title,
          description: v.description,
          totalEffort: v.totalEffort,
          costImpact: v.costImpact,
          focCost: v.focCost,
          status: v.status,
          raisedBy: pm,
          decidedBy: decided ? admin : null,
          decidedAt: decided ? new Date(created.getTime() + 2 * DAY) : null,
          decisionNote: decided ? (v.note ?? null) : null,
          createdAt: created,
          updatedAt: created,
        });
      }
      const companyMembers = members.filter((m) => m.companyId === project.companyId);
      for (const member of companyMembers) {
        const [user] = await tx.select({ name: users.name }).from(users).where(eq(users.id, member.userId));
        await tx.insert(projectStakeholders).values({ projectId: project.id, userId: member.userId, name: user.name, role: 'Decision maker' });
      }
      const slug = project.companyName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
      await tx.insert(projectStakeholders).values({
        projectId: project.id,
        name: 'Sam Agency',
        email: `sam@${slug || 'dealer'}-agency.example`,
        organisation: `${project.companyName} marketing agency`,
        position: 'Account Director',
        role: 'Marketing agency',
      });
      for (const [j, body] of NOTES.slice(0, 1 + (k % NOTES.length)).entries()) {
        const at = new Date(now - (10 - j) * DAY);
        await tx.insert(projectNotes).values({ projectId: project.id, userId: j % 2 ? am : pm, body, createdAt: at, updatedAt: at });
      }
      for (const risk of RISKS.slice(0, k % (RISKS.length + 1))) {
        await tx.insert(projectRisks).values({ projectId: project.id, ...risk, ownerId: risk.severity === 'high' ? pm : am });
      }
    }
    return true;
  });
}
