import type { Meta, StoryObj } from '@storybook/react-vite';
import type { PublishProblem, StageVersionSummary, UpgradePlanAnswer } from '../../contract/catalogue';
import { DiffView, type StageChange } from '../../src/config-admin/stages/DiffView';
import { UpgradePlanView, usePlanTicks } from '../../src/config-admin/stages/UpgradePlanView';
import { VersionsPanel } from '../../src/config-admin/stages/VersionsPanel';

/** The parts of the stage editor (issue 31, `/backend/config-admin/stages/{slug}`) that stand alone; the Fields tab is `Config admin/Structured editor`. */
const meta = {
  title: 'Config admin/Stage editor',
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const CHANGES: StageChange[] = [
  { op: 'add', path: '/file/schema/properties/preferredTime', new: { type: 'string', title: 'configurator:fields.key-contact.preferredTime', maxLength: 200 } },
  { op: 'change', path: '/file/schema/required/1', old: 'keyContactUser', new: 'preferredTime' },
  { op: 'remove', path: '/file/uiSchema/keyContactUser/ui:options', old: { source: 'companyUsers' } },
  { op: 'add', path: '/labels/fr-FR', new: { 'fields.key-contact.preferredTime': 'Meilleur moment pour appeler' } },
];

/** What changed between two versions, by JSON pointer, with the values before and after. */
export const Diff: Story = { render: () => <DiffView changes={CHANGES} from={1} to={2} /> };

/** Two versions that are the same. */
export const DiffNone: Story = { render: () => <DiffView changes={[]} from={2} to={3} /> };

const VERSIONS: StageVersionSummary[] = [
  { version: 3, note: 'Back to the shipped stage', published_by: { id: 1, name: 'Alex Admin' }, published_at: '2026-11-20T10:15:00Z', rolled_back_to: 1, hash: 'c'.repeat(64), configs: 0 },
  { version: 2, note: 'Best time to call the key contact', published_by: { id: 2, name: 'Lee Layouts' }, published_at: '2026-11-18T09:02:00Z', rolled_back_to: null, hash: 'b'.repeat(64), configs: 4 },
  { version: 1, note: '', published_by: null, published_at: null, rolled_back_to: null, hash: 'a'.repeat(64), configs: 28 },
];

/** Every version with its note, who and when, its configs; compare any two, roll back to an older one. */
export const Versions: Story = { render: () => <VersionsPanel versions={VERSIONS} current={3} onCompare={() => {}} onRollback={() => {}} onUpgrade={() => {}} /> };

/** A stage never changed: version 1 only. */
export const VersionsShippedOnly: Story = { render: () => <VersionsPanel versions={VERSIONS.slice(2)} current={1} onCompare={() => {}} onRollback={() => {}} /> };

const company = (id: number, name: string) => ({ id, name });
const PLAN: UpgradePlanAnswer = {
  slug: 'key-contact',
  to: 3,
  new_fields: { '1': ['/preferredTime', '/channel'], '2': ['/channel'] },
  removed_fields: { '1': ['/others/*/fax'], '2': [] },
  configs: [
    { id: 1, guid: 'g1', name: 'Demo Motors flagship', company: company(1, 'Demo Motors'), from: 1, state: 'draft', outcome: 'fits', errors: [] },
    {
      id: 7,
      guid: 'g7',
      name: 'Harbour Cars spring launch',
      company: company(2, 'Harbour Cars'),
      from: 2,
      state: 'submitted',
      outcome: 'needs_input',
      errors: [{ detail: 'Preferred channel is required.', field: '/channel' }],
    },
    {
      id: 12,
      guid: 'g12',
      name: 'Leeds showroom refresh with a rather long name that wraps',
      company: company(3, 'North Leeds Autos'),
      from: 1,
      state: 'completed',
      outcome: 'invalid',
      errors: [
        { detail: 'Must have at most 200 characters.', field: '/preferredTime' },
        { detail: 'Must be one of the allowed values.', field: '/others/0/role' },
      ],
    },
  ],
};

/** The dry run's plan with its ticks, as the dialog holds them (preselected: the configs that can move). */
function Plan({ plan, refused }: { plan: UpgradePlanAnswer; refused?: ReadonlyMap<number, readonly PublishProblem[]> }) {
  const [selected, toggle] = usePlanTicks(plan, refused);
  return <UpgradePlanView plan={plan} selected={selected} onToggle={toggle} refused={refused} />;
}

/** Moving configs to version 3: new and removed fields, and each config's outcome (fits, back to the dealer, would not validate). */
export const UpgradePlan: Story = { render: () => <Plan plan={PLAN} /> };

/** After a move the server refused for one config (a dealer saved it meanwhile): its reasons under the row. */
export const UpgradePlanRefused: Story = {
  render: () => <Plan plan={{ ...PLAN, configs: PLAN.configs.slice(1) }} refused={new Map([[7, [{ detail: 'Preferred channel must be one of the allowed values.', field: '/channel' }]]])} />,
};

/** Every config is on the version already. */
export const UpgradePlanEmpty: Story = { render: () => <Plan plan={{ slug: 'key-contact', to: 2, new_fields: {}, removed_fields: {}, configs: [] }} /> };
