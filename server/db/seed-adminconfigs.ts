// Demo internal page layouts (issue 30): the layouts a launch team reuses when it plans a dealer's
// site, made with the adminconfigs area's own code, once per database. Staff apply them to a
// config from its internal pages stage (server/adminconfigs/README.md).
import { count, eq } from 'drizzle-orm';
import type { Db } from './database';
import { adminConfigs, users } from './schema';
import { takeSeedLock } from './locks';
import { createLayout } from '../adminconfigs/adminconfigs.service';
import type { PageInput } from '../adminconfigs/adminconfigs.pages';

export const DEMO_LAYOUTS: Array<{ name: string; pages: PageInput[] }> = [
  {
    name: 'Franchise dealer standard',
    pages: [
      { name: 'About us', template: 'about', sections: ['Our story', 'Meet the team', 'Awards'], notes: 'Manufacturer-approved wording for the franchise history.' },
      { name: 'Contact us', template: 'contact', sections: ['Locations map', 'Opening hours', 'Enquiry form'] },
      { name: 'Servicing', template: 'service', sections: ['Service menu', 'Online booking', 'MOT'], notes: 'Link the booking tool the manufacturer supplies.' },
      { name: 'Finance', template: 'finance', sections: ['Representative example', 'PCP explained', 'Finance calculator'] },
      { name: 'Careers', template: 'careers', sections: ['Vacancies', 'Apprenticeships'] },
    ],
  },
  {
    name: 'Independent dealer',
    pages: [
      { name: 'About us', template: 'about', sections: ['Our story', 'Reviews'] },
      { name: 'Part exchange', template: 'landing', sections: ['Valuation form', 'How it works'] },
      { name: 'Contact us', template: 'contact', sections: ['Map', 'Opening hours', 'Enquiry form'] },
    ],
  },
  {
    name: 'Aftersales only',
    pages: [
      { name: 'Servicing', template: 'service', sections: ['Service menu', 'Online booking'] },
      { name: 'Parts', template: 'parts', sections: ['Parts enquiry', 'Accessories'] },
      { name: 'Contact us', template: 'contact', sections: ['Opening hours', 'Enquiry form'] },
    ],
  },
];

/** Seeds the demo layouts once per database (also one seeded before layouts existed); false when there were some. */
export async function seedDemoAdminConfigs(db: Db): Promise<boolean> {
  const done = async (tx: Db) => (await tx.select({ n: count() }).from(adminConfigs))[0].n > 0;
  if (await done(db)) return false;
  return db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    // The seed lock (locks.ts): instances starting at once seed these once.
    await takeSeedLock(tx);
    if (await done(tx)) return false;
    const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.test'));
    for (const layout of DEMO_LAYOUTS) await createLayout(tx, admin?.id ?? null, layout);
    return true;
  });
}
