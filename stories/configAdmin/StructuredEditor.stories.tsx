import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { stageFiles } from '../../engine';
import { StructuredEditor } from '../../src/config-admin/fields/StructuredEditor';
import type { StageDraftValue } from '../../src/config-admin/fields/model/types';

/** The structured editor of a stage (issue 56): the outline of its fields, "Add a field", a panel per field. */
const meta = {
  title: 'Config admin/Structured editor',
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const copy = <T,>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** The editor with its own draft, as the stage editor page holds it. */
function Editor({ start, width }: { start: StageDraftValue; width?: number }) {
  const [draft, setDraft] = useState(start);
  return (
    <div style={{ maxWidth: width }}>
      <StructuredEditor draft={draft} onChange={setDraft} />
    </div>
  );
}

/** Locations: an accordion list of the shared location shape (its inside read-only), franchises from another stage. */
export const Locations: Story = { render: () => <Editor start={{ file: copy(stageFiles.locations), labels: {} }} /> };

/** Buying online: sections, yes / no switches, conditions, a secret. */
export const BuyingOnline: Story = { render: () => <Editor start={{ file: copy(stageFiles['buying-online']), labels: {} }} /> };

/** Departments: a table list with an optionsFrom column. */
export const Departments: Story = { render: () => <Editor start={{ file: copy(stageFiles.departments), labels: {} }} /> };

/** A new stage with no field yet: the first "Add a field". */
export const NewStage: Story = {
  render: () => <Editor start={{ file: { slug: 'new-stage', title: 'configurator:stages.new-stage.title', schema: { type: 'object', properties: {} }, uiSchema: {} }, labels: {} }} />,
};

/** On a phone's width: the panel opens under the picked row. */
export const Phone: Story = { render: () => <Editor width={360} start={{ file: copy(stageFiles['key-contact']), labels: {} }} /> };
