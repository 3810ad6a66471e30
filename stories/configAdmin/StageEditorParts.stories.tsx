import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import type { StageVersionSummary } from '../../contract/catalogue';
import { stageFiles } from '../../engine';
import { DiffView, type StageChange } from '../../src/resources/stages/DiffView';
import { StructuredEditor } from '../../src/resources/stages/StructuredEditor';
import { addField, type StageDraftValue } from '../../src/resources/stages/structuredEdits';
import { VersionsPanel } from '../../src/resources/stages/VersionsPanel';

/** The parts of the stage editor (issue 31, `/backend/config-admin/stages/{slug}`) that stand alone. */
const meta = {
  title: 'Config admin/Stage editor',
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const copy = <T,>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** The structured mode with its own state, as the editor page holds it. */
function Fields({ start }: { start: StageDraftValue }) {
  const [draft, setDraft] = useState(start);
  return <StructuredEditor draft={draft} onChange={setDraft} />;
}

const keyContact: StageDraftValue = { file: copy(stageFiles['key-contact']), labels: {} };
const withChoice = addField(addField(keyContact, [], { name: 'preferredTime', type: 'text', labels: { 'en-GB': 'Best time to call', 'fr-FR': 'Meilleur moment pour appeler' } }), [], {
  name: 'channel',
  type: 'choice',
  required: true,
  choices: ['phone', 'email'],
  labels: { 'en-GB': 'Preferred channel' },
});

/** The key contact stage's fields: reorder, make required, label per locale; add a field. */
export const StructuredFields: Story = { render: () => <Fields start={keyContact} /> };

/** After adding a text field and a required choice field with their labels. */
export const StructuredFieldsAdded: Story = { render: () => <Fields start={withChoice} /> };

/** A stage whose top-level object is written inline: its own fields, and a form to add one there. */
export const StructuredInlineObject: Story = { render: () => <Fields start={{ file: copy(stageFiles['design-brief']), labels: {} }} /> };

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
export const Versions: Story = { render: () => <VersionsPanel versions={VERSIONS} current={3} onCompare={() => {}} onRollback={() => {}} /> };

/** A stage never changed: version 1 only. */
export const VersionsShippedOnly: Story = { render: () => <VersionsPanel versions={VERSIONS.slice(2)} current={1} onCompare={() => {}} onRollback={() => {}} /> };
