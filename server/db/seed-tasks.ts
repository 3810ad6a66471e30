// Demo task templates (issue 28): the four board stages, five task types with icons drawn here
// (a small SVG rendered to PNG by sharp, then stored through the area's own icon checks), a launch
// plan of templates for every project type (shared ones plus each type's own), and the
// notification templates a launch team runs on. Seeded once per database, before the agreements
// and projects that use them, with the tasks area's own code.
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import type { ProjectType } from '../../contract/projects';
import type { NotificationEvent, NotificationRecipient, TaskTrigger } from '../../contract/tracker';
import type { Db } from './database';
import { taskStages } from './schema';
import { takeSeedLock } from './locks';
import { createStage } from '../tasks/tasks.stages';
import { createType } from '../tasks/tasks.types';
import { iconOf } from '../tasks/tasks.icons';
import { createTemplate } from '../tasks/tasks.service';
import { createNotification } from '../tasks/tasks.notifications';
import type { NotificationTranslations } from '../../contract/tasks';

export const DEMO_STAGES = [
  { name: 'To do', colour: '#607d8b', is_done: false },
  { name: 'In progress', colour: '#1976d2', is_done: false },
  { name: 'Waiting on dealer', colour: '#ef6c00', is_done: false },
  { name: 'Done', colour: '#2e7d32', is_done: true },
];

/** Each type's icon: a white glyph (SVG path data, 24 x 24 grid) on a coloured rounded square. */
export const DEMO_TYPES: Array<{ name: string; colour: string; glyph: string }> = [
  // A handshake-like pair of hands: two rounded blocks meeting.
  { name: 'Onboarding', colour: '#6a1b9a', glyph: '<circle cx="9" cy="8" r="3"/><circle cx="16" cy="9" r="2.5"/><path d="M3 19c0-3.3 2.7-6 6-6s6 2.7 6 6z"/><path d="M14 19c.4-2.6 1.4-4.4 3-5 2.5.3 4 2.3 4 5z"/>' },
  // A pencil over a ruler.
  { name: 'Design', colour: '#c2185b', glyph: '<path d="M4 17.5V20h2.5L17 9.5 14.5 7z"/><path d="M15.5 6l2.5 2.5 1.5-1.5a1 1 0 0 0 0-1.4l-1.1-1.1a1 1 0 0 0-1.4 0z"/>' },
  // A spanner.
  { name: 'Build', colour: '#1565c0', glyph: '<path d="M20.5 6.5l-3 3-2-.5-.5-2 3-3A5 5 0 0 0 11.6 10L4 17.6 6.4 20 14 12.4A5 5 0 0 0 20.5 6.5z"/>' },
  // Lines of text on a page.
  { name: 'Content', colour: '#00897b', glyph: '<path d="M6 3h9l4 4v14H6z" fill-opacity=".35"/><rect x="8" y="9" width="8" height="1.6"/><rect x="8" y="12.5" width="8" height="1.6"/><rect x="8" y="16" width="5" height="1.6"/>' },
  // A rocket.
  { name: 'Go-live', colour: '#ef6c00', glyph: '<path d="M12 2c3 2 4.5 5.5 4 10l-2 3h-4l-2-3c-.5-4.5 1-8 4-10z"/><circle cx="12" cy="9" r="1.6" fill="#000" fill-opacity=".35"/><path d="M8 13l-3 3 3 1zM16 13l3 3-3 1zM10.5 17h3L12 21z"/>' },
];

const iconSvg = (colour: string, glyph: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 24 24"><rect width="24" height="24" rx="5" fill="${colour}"/><g fill="#fff">${glyph}</g></svg>`;

type Template = { name: string; type: string; days: number | null; description?: string; milestone?: boolean; trigger?: TaskTrigger; types?: ProjectType[] };

const DEALER_SITES: ProjectType[] = ['multi-franchise-dealer', 'single-franchise-dealer', 'independent', 'franchise'];
const STOCK_TYPES: ProjectType[] = ['multi-franchise-dealer', 'single-franchise-dealer', 'independent', 'franchise', 'stock', 'vehicle-locator', 'auto-e-migration'];

/** The launch plan: shared templates (every project type) first, then each type's own. */
export const DEMO_TEMPLATES: Template[] = [
  { name: 'Kick-off call', type: 'Onboarding', days: 3, description: 'Introduce the launch team, agree the plan, the dates and who signs off each step.' },
  { name: 'Order form signed', type: 'Onboarding', days: 7, milestone: true, trigger: 'agreement_signed', description: 'Completes itself when the dealer signs the agreement in the portal.' },
  { name: 'Portal access for the dealer team', type: 'Onboarding', days: 7, description: 'Invite the dealer principal and marketing contact to the portal.' },
  { name: 'Configuration submitted', type: 'Onboarding', days: 21, milestone: true, trigger: 'config_submitted', description: 'Completes itself when the dealer submits their configuration.' },
  { name: 'Domain transfer', type: 'Build', days: 30, description: 'Auth code from the current registrar, DNS records agreed, transfer started.' },
  { name: 'Homepage design approved', type: 'Design', days: 35, milestone: true, description: 'Dealer signs off the homepage visual.' },
  { name: 'Content loaded', type: 'Content', days: 60, description: 'About us, departments, opening hours, staff and legal pages.' },
  { name: 'Pre-launch QA', type: 'Go-live', days: 80, description: 'Forms, tracking, redirects, speed and accessibility checks.' },
  { name: 'Go-live', type: 'Go-live', days: 85, milestone: true, description: 'DNS switched, SSL live, old site redirected.' },
  { name: 'Post-launch review', type: 'Go-live', days: 90, description: 'Thirty-day check of leads, traffic and open snags with the dealer.' },

  { name: 'Stock feed connected', type: 'Build', days: 40, types: STOCK_TYPES, description: 'DMS or stock provider feed mapped and importing every hour.' },
  { name: 'Finance calculator set up', type: 'Build', days: 50, types: DEALER_SITES, description: 'Finance provider credentials, representative example and APR checked by compliance.' },
  { name: 'Service booking connected', type: 'Build', days: 55, types: ['multi-franchise-dealer', 'single-franchise-dealer', 'franchise'] },
  { name: 'Franchise brand pages approved', type: 'Design', days: 45, milestone: true, types: ['multi-franchise-dealer', 'single-franchise-dealer', 'franchise', 'oem', 'jlr-osb'], description: 'Manufacturer brand guidelines checked and approved by the OEM.' },
  { name: 'Used car photography guidelines sent', type: 'Content', days: 25, types: ['independent', 'stock', 'multi-franchise-dealer'] },
  { name: 'Electric vehicle hub content', type: 'Content', days: 50, types: ['auto-e-migration', 'oem'] },
  { name: 'Data migration from the old platform', type: 'Build', days: 45, types: ['auto-e-migration', 'data-management'], description: 'Vehicles, customers and redirects exported, mapped and imported.' },
  { name: 'Redirect map signed off', type: 'Go-live', days: 70, types: ['auto-e-migration', 'data-management'] },
  { name: 'OEM compliance review', type: 'Go-live', days: 75, milestone: true, types: ['oem', 'jlr-osb', 'franchise'] },
  { name: 'JLR online sales booking journey tested', type: 'Build', days: 65, types: ['jlr-osb'] },
  { name: 'Locator search tuned', type: 'Build', days: 55, types: ['vehicle-locator', 'stock', 'inventory-solutions'], description: 'Radius, sort order and filters agreed with the dealer group.' },
  { name: 'Stock photography standards agreed', type: 'Content', days: 30, types: ['stock', 'inventory-solutions', 'vehicle-locator'] },
  { name: 'Showroom experience storyboard approved', type: 'Design', days: 40, milestone: true, types: ['experience'] },
  { name: 'Showroom screens installed', type: 'Build', days: 70, types: ['experience'] },
  { name: 'Leasing quote engine connected', type: 'Build', days: 50, types: ['leasing'], description: 'Funder rate books imported, quote rules checked.' },
  { name: 'Broker compliance wording approved', type: 'Content', days: 55, types: ['leasing'] },
  { name: 'Data quality audit', type: 'Onboarding', days: 20, types: ['data-management', 'inventory-solutions'] },
  { name: 'Reporting dashboard handed over', type: 'Go-live', days: 80, types: ['data-management', 'inventory-solutions'] },
  { name: 'Requirements workshop', type: 'Onboarding', days: 14, types: ['other', 'experience', 'leasing'] },
  { name: 'Bespoke feature scoped', type: 'Design', days: 30, types: ['other'] },
  { name: 'Training session for the dealer team', type: 'Content', days: 78, types: ['other', 'independent', 'single-franchise-dealer', 'stock', 'vehicle-locator'] },
];

export const DEMO_NOTIFICATIONS: Array<{ name: string; event: NotificationEvent; recipients: NotificationRecipient[]; subject: string; body: string; translations?: NotificationTranslations; type?: string }> = [
  {
    name: 'Task due today', event: 'task_due', recipients: ['assignee', 'project_manager'],
    subject: '{task} is due today for {project}',
    body: 'Hello,\n\n"{task}" on {company}\'s launch ({project}) is due today ({due}).\n\nOpen the task: {link}',
    translations: {
      'fr-FR': { subject: '{task} arrive à échéance aujourd’hui pour {project}', body: 'Bonjour,\n\n« {task} » du lancement de {company} ({project}) arrive à échéance aujourd’hui ({due}).\n\nOuvrir la tâche : {link}' },
      'nl-NL': { subject: '{task} moet vandaag af zijn voor {project}', body: 'Hallo,\n\n"{task}" van de lancering van {company} ({project}) moet vandaag af zijn ({due}).\n\nOpen de taak: {link}' },
    },
  },
  {
    name: 'Task overdue', event: 'task_overdue', recipients: ['project_manager', 'account_manager'],
    subject: 'Overdue: {task} for {project}',
    body: 'Hello,\n\n"{task}" on {company}\'s launch ({project}) was due on {due} and is still open.\n\nPlease agree a new date with the dealer: {link}',
    translations: {
      'fr-FR': { subject: 'En retard : {task} pour {project}', body: 'Bonjour,\n\n« {task} » du lancement de {company} ({project}) était dû le {due} et n’est pas terminé.\n\nConvenez d’une nouvelle date avec le concessionnaire : {link}' },
      'nl-NL': { subject: 'Te laat: {task} voor {project}', body: 'Hallo,\n\n"{task}" van de lancering van {company} ({project}) moest op {due} af zijn en staat nog open.\n\nSpreek een nieuwe datum af met de dealer: {link}' },
    },
  },
  {
    name: 'Milestone reached', event: 'task_done', recipients: ['account_manager', 'stakeholders'],
    subject: '{project}: {task} is complete',
    body: 'Good news,\n\n"{task}" is complete for {company} ({project}).\n\nSee the launch plan: {link}',
    translations: {
      'fr-FR': { subject: '{project} : {task} est terminé', body: 'Bonne nouvelle,\n\n« {task} » est terminé pour {company} ({project}).\n\nVoir le plan de lancement : {link}' },
      'nl-NL': { subject: '{project}: {task} is klaar', body: 'Goed nieuws,\n\n"{task}" is klaar voor {company} ({project}).\n\nBekijk het lanceringsplan: {link}' },
    },
  },
  {
    name: 'Variation waiting for approval', event: 'variation_pending', recipients: ['approvers'],
    subject: 'Approval needed: {variation} on {project}',
    body: 'Hello,\n\nThe variation "{variation}" on {company}\'s project {project} includes free-of-charge work and needs your approval.\n\nReview it: {link}',
    translations: {
      'fr-FR': { subject: 'Validation requise : {variation} sur {project}', body: 'Bonjour,\n\nL’avenant « {variation} » du projet {project} de {company} comprend du travail gratuit et attend votre validation.\n\nL’examiner : {link}' },
      'nl-NL': { subject: 'Goedkeuring nodig: {variation} voor {project}', body: 'Hallo,\n\nDe wijziging "{variation}" in project {project} van {company} bevat kosteloos werk en wacht op uw goedkeuring.\n\nBekijk haar: {link}' },
    },
  },
  {
    name: 'Variation decided', event: 'variation_decided', recipients: ['raiser'],
    subject: 'Your variation {variation} has been decided',
    body: 'Hello,\n\nA decision has been made on "{variation}" for {project} ({company}).\n\nSee the decision: {link}',
    translations: {
      'fr-FR': { subject: 'Votre avenant {variation} a fait l’objet d’une décision', body: 'Bonjour,\n\nUne décision a été prise sur « {variation} » pour {project} ({company}).\n\nVoir la décision : {link}' },
      'nl-NL': { subject: 'Over uw wijziging {variation} is besloten', body: 'Hallo,\n\nEr is een besluit genomen over "{variation}" voor {project} ({company}).\n\nBekijk het besluit: {link}' },
    },
  },
];

/** The demo stages, types, templates and notification templates, once per database; false when they were there. */
export async function seedDemoTasks(db: Db): Promise<boolean> {
  const done = async (tx: Db) => (await tx.select({ n: count() }).from(taskStages))[0].n > 0;
  if (await done(db)) return false;
  const icons = await Promise.all(DEMO_TYPES.map(async (t) => iconOf(await sharp(Buffer.from(iconSvg(t.colour, t.glyph))).png().toBuffer(), `${t.name}.png`)));
  return db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    // The seed lock (locks.ts): instances starting at once seed these once.
    await takeSeedLock(tx);
    if (await done(tx)) return false;
    for (const stage of DEMO_STAGES) await createStage(tx, stage);
    const typeIds = new Map<string, number>();
    for (const [i, t] of DEMO_TYPES.entries()) typeIds.set(t.name, (await createType(tx, { name: t.name, icon: icons[i] })).id);
    for (const t of DEMO_TEMPLATES) {
      await createTemplate(tx, {
        name: t.name, description: t.description ?? null, task_type_id: typeIds.get(t.type)!, project_types: t.types ?? [],
        due_days: t.days, milestone: t.milestone ?? false, trigger: t.trigger ?? null,
      });
    }
    for (const n of DEMO_NOTIFICATIONS) {
      await createNotification(tx, { name: n.name, event: n.event, recipients: n.recipients, subject: n.subject, body: n.body, translations: n.translations ?? {}, task_type_id: n.type ? typeIds.get(n.type)! : null, active: true });
    }
    return true;
  });
}
