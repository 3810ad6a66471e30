import type { Meta, StoryObj } from '@storybook/react-vite';
import { DryRunReport } from '../../src/migration/DryRunReport';
import type { MigrationReport, StageReport } from '../../src/migration/api';

const stage = (s: Partial<StageReport> & { stage: string }): StageReport => ({ rows: 0, new: 0, updated: 0, unchanged: 0, conflict: 0, rejected: 0, not_migrated: 0, kept: 0, items: [], ...s });

/** The dry run of the shipped sample (server/migration/samples/legacy-dealer.json) on Demo Motors, with one bad location added. */
const sample: MigrationReport = {
  file: 'legacy-dealer.json',
  format: 'json',
  config: { id: 1, guid: 'c1', name: 'Demo Motors website', project_type: 'multi-franchise-dealer', company: { id: 1, guid: 'm1', name: 'Demo Motors' } },
  total_rows: 38,
  notices: ["The config's project type is multi-franchise-dealer, not auto-e-migration."],
  stages: [
    stage({ stage: 'company-information', rows: 1, unchanged: 1 }),
    stage({ stage: 'franchises', rows: 3, new: 1, unchanged: 2 }),
    stage({
      stage: 'locations',
      rows: 4,
      new: 1,
      unchanged: 2,
      rejected: 1,
      items: [{ ref: 'locations[3]', record: 'location', name: 'Demo Motors Wakefield', stage: 'locations', status: 'rejected', reason: 'The franchise "Seat" is neither in the file nor in the config.' }],
    }),
    stage({ stage: 'departments', rows: 5, new: 1, updated: 2, unchanged: 2 }),
    stage({
      stage: 'opening-hours',
      rows: 15,
      new: 13,
      unchanged: 1,
      conflict: 1,
      items: [{ ref: 'opening_hours[1]', record: 'hours', name: 'Sales sunday', stage: 'opening-hours', status: 'conflict', target: 'Showrooms', reason: 'Differs from the data already entered, which is kept: sunday.' }],
    }),
    stage({ stage: 'users', rows: 3, new: 3 }),
    stage({ stage: 'domains', rows: 2, new: 2 }),
    stage({
      stage: 'migration data',
      rows: 4,
      kept: 2,
      not_migrated: 2,
      items: [
        { ref: 'news[1]', record: 'news', name: 'Demo Motors wins regional dealer award', stage: 'migration data', status: 'not_migrated', reason: 'News and offers older than 3 months are not migrated.' },
        { ref: 'offers[1]', record: 'offer', name: 'Summer 2014 Ford Fiesta finance offer', stage: 'migration data', status: 'not_migrated', reason: 'News and offers older than 3 months are not migrated.' },
      ],
    }),
  ],
  changed_stages: ['franchises', 'locations', 'departments', 'opening-hours', 'users', 'domains', 'migration data'],
  rejected: 1,
  conflicts: 1,
};

const meta = {
  title: 'Migration/Dry run report',
  component: DryRunReport,
  decorators: [(Story) => <div style={{ maxWidth: 1100 }}><Story /></div>],
} satisfies Meta<typeof DryRunReport>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The sample on Demo Motors: new, updated and unchanged per stage; a rejected location, the kept Sunday hours, old news not migrated. */
export const Sample: Story = { args: { report: sample } };
/** The same file again after the import: everything unchanged, nothing flagged. */
export const NothingToChange: Story = {
  args: { report: { ...sample, notices: [], rejected: 0, conflicts: 0, changed_stages: [], stages: sample.stages.filter((s) => s.stage !== 'migration data').map((s) => stage({ stage: s.stage, rows: s.rows, unchanged: s.rows })) } },
};
