import type { Meta, StoryObj } from '@storybook/react-vite';
import { Chip, Paper, Stack } from '@mui/material';
import { useState } from 'react';
import { stageFiles } from '../../engine';
import { addNode } from '../../src/config-admin/fields/model/edits';
import { fieldTree, nodeAt } from '../../src/config-admin/fields/model/tree';
import type { FieldPath, StageDraftValue } from '../../src/config-admin/fields/model/types';
import { KindSwitch } from '../../src/config-admin/fields/panels/KindSwitch';
import { useDraftStore } from '../../src/config-admin/fields/draftStore';

/**
 * "Change to…" of the structured editor (issue 56): the kinds a field can become, what the change
 * means for dealers' saved answers, and the confirm. The chip above shows the field's kind as the
 * outline does, so a confirmed change is seen at once.
 */
const meta = {
  title: 'Config admin/Kind switch',
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const EN = (words: string) => ({ 'en-GB': words, 'fr-FR': `${words} (fr)` });

/** A new stage with "Franchise" added as one choice, a note and a rating slider. */
function sampleStage(): StageDraftValue {
  let draft: StageDraftValue = { file: { slug: 'dealer', title: 'Dealer', schema: { type: 'object', properties: {} }, uiSchema: {} }, labels: {} };
  draft = addNode(draft, [], { name: 'franchise', kind: 'choice', labels: EN('Franchise'), choices: ['ford', 'kia', 'skoda'], required: true });
  draft = addNode(draft, [], { name: 'note', kind: 'text', labels: EN('Note') });
  draft = addNode(draft, [], { name: 'rating', kind: 'slider', labels: EN('Rating') });
  return draft;
}

function Switch({ start, path }: { start: () => StageDraftValue; path: FieldPath }) {
  const [draft, setDraft] = useState(start);
  const store = useDraftStore(draft);
  const node = nodeAt(fieldTree(draft.file), path);
  if (!node) return <p>No field {path.join('.')}</p>;
  return (
    <Paper variant="outlined" sx={{ p: 2, maxWidth: 640 }}>
      <Stack spacing={1}>
        <Chip size="small" label={`${node.name}: ${node.kind}`} sx={{ alignSelf: 'flex-start' }} data-testid="story-kind" />
        <KindSwitch
          store={store}
          file={draft.file}
          node={node}
          apply={(edit) => {
            setDraft(edit(draft));
            return true;
          }}
        />
      </Stack>
    </Paper>
  );
}

/** One choice that should take several (the "Franchise"). */
export const OneChoice: Story = { render: () => <Switch start={sampleStage} path={['franchise']} /> };
/** A line of text: several lines, Markdown, a list of lines, or a choice (with its values). */
export const TextLine: Story = { render: () => <Switch start={sampleStage} path={['note']} /> };
/** A slider back to a plain number. */
export const Slider: Story = { render: () => <Switch start={sampleStage} path={['rating']} /> };
/** A shipped field picking one franchise, with its cascade: several instead, the cascade rewritten. */
export const OnePickFromAnotherStage: Story = {
  render: () => <Switch start={() => ({ file: JSON.parse(JSON.stringify(stageFiles.design)) as unknown, labels: {} })} path={['copyFranchise']} />,
};
