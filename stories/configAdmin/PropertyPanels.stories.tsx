import type { Meta, StoryObj } from '@storybook/react-vite';
import { Paper } from '@mui/material';
import { useState } from 'react';
import { addNode, setCondition, setSchemaKey, type NewNode } from '../../src/config-admin/fields/model/edits';
import { setMessage } from '../../src/config-admin/fields/model/messages';
import { fieldTree, nodeAt } from '../../src/config-admin/fields/model/tree';
import type { FieldPath, StageDraftValue } from '../../src/config-admin/fields/model/types';
import { useDraftStore } from '../../src/config-admin/fields/draftStore';
import { PropertyPanel } from '../../src/config-admin/fields/panels/PropertyPanel';

/** The property panel of each kind of field (issue 56), on a sample stage holding one of each. */
const meta = {
  title: 'Config admin/Property panels',
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const EN = (words: string) => ({ 'en-GB': words, 'fr-FR': `${words} (fr)` });
const FIELDS: NewNode[] = [
  { name: 'tradingName', kind: 'text', labels: EN('Trading name'), required: true },
  { name: 'about', kind: 'textarea', labels: EN('About the dealer') },
  { name: 'welcome', kind: 'markdown', labels: EN('Welcome text') },
  { name: 'deposit', kind: 'number', labels: EN('Deposit') },
  { name: 'discount', kind: 'slider', labels: EN('Discount') },
  { name: 'buyingOnline', kind: 'yesno', labels: EN('Buying online') },
  { name: 'provider', kind: 'choice', labels: EN('Finance provider'), choices: ['stripe', 'cybersource'] },
  { name: 'payments', kind: 'multiChoice', labels: EN('Payment methods'), choices: ['card', 'transfer', 'finance'] },
  { name: 'launch', kind: 'date', labels: EN('Launch date') },
  { name: 'apiKey', kind: 'secret', labels: EN('API key') },
  { name: 'franchise', kind: 'optionsFrom', labels: EN('Franchise'), optionsFrom: { stage: 'franchises', list: '/franchises', valueKey: 'id', labelKey: 'name' } },
  { name: 'contact', kind: 'remoteSelect', labels: EN('Contact'), source: 'companyUsers' },
  { name: 'logo', kind: 'media', labels: EN('Logo') },
  { name: 'hours', kind: 'openingHours', labels: EN('Opening hours') },
  { name: 'notice', kind: 'displayText', labels: EN('Notice') },
  { name: 'payment', kind: 'group', labels: EN('Payment'), layout: 'tabs' },
  { name: 'branches', kind: 'list', labels: EN('Branches'), layout: 'table' },
  { name: 'tags', kind: 'textList', labels: EN('Tags') },
];

/** A stage with one field of each kind, a branch name in the table's items and a condition drawn. */
function sampleStage(): StageDraftValue {
  let draft: StageDraftValue = { file: { slug: 'sample', title: 'Sample', schema: { type: 'object', properties: {} }, uiSchema: {} }, labels: {} };
  for (const spec of FIELDS) draft = addNode(draft, [], spec);
  draft = addNode(draft, ['branches', '[]'], { name: 'name', kind: 'text', labels: EN('Branch name') });
  draft = setCondition(draft, ['provider'], 'visible', { var: 'buyingOnline' });
  const file = draft.file as { schema: { properties: Record<string, unknown> } };
  // What the editor keeps as written: a value of two types.
  file.schema.properties.legacy = { type: ['string', 'number'], title: 'Legacy value' };
  return draft;
}

/** The sample stage with a VAT number: required, a pattern, and its own words for the pattern in English and French. */
function vatStage(): StageDraftValue {
  let draft = addNode(sampleStage(), [], { name: 'vatNumber', kind: 'text', labels: EN('VAT number'), required: true });
  draft = setSchemaKey(draft, ['vatNumber'], 'pattern', '^GB[0-9]{9}$');
  draft = setMessage(draft, ['vatNumber'], 'pattern', 'en-GB', 'Enter the VAT number as GB followed by 9 digits');
  return setMessage(draft, ['vatNumber'], 'pattern', 'fr-FR', 'Saisissez le numéro de TVA : GB suivi de 9 chiffres');
}

function Panel({ path, start = sampleStage }: { path: FieldPath; start?: () => StageDraftValue }) {
  const [draft, setDraft] = useState(start);
  const store = useDraftStore(draft);
  const node = nodeAt(fieldTree(draft.file), path);
  if (!node) return <p>No field {path.join('.')}</p>;
  return (
    <Paper variant="outlined" sx={{ p: 2, maxWidth: 640 }}>
      <PropertyPanel
        store={store}
        node={node}
        apply={(edit) => {
          setDraft(edit(draft));
          return true;
        }}
      />
    </Paper>
  );
}

const story = (...path: string[]): Story => ({ render: () => <Panel path={path} /> });

export const Text = story('tradingName');
/** A text field with a pattern and its own message for it (English and French; the other locales' chips show), the portal's for required. */
export const TextWithOwnMessages: Story = { render: () => <Panel path={['vatNumber']} start={vatStage} /> };
export const Textarea = story('about');
export const Markdown = story('welcome');
export const NumberField = story('deposit');
export const Slider = story('discount');
export const YesNo = story('buyingOnline');
/** A choice shown only when Buying online is on (the condition drawn in the builder). */
export const Choice = story('provider');
export const MultiChoice = story('payments');
export const DateField = story('launch');
export const Secret = story('apiKey');
export const OptionsFrom = story('franchise');
export const RemoteSelect = story('contact');
export const Media = story('logo');
export const OpeningHours = story('hours');
export const DisplayText = story('notice');
export const Group = story('payment');
/** A table list: its columns picked and ordered. */
export const List = story('branches');
export const TableColumnItem = story('branches', '[]', 'name');
export const TextList = story('tags');
/** Kept as written: the reason and "edit it in JSON". */
export const Unknown = story('legacy');
