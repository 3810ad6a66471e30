import { Paper } from '@mui/material';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { SEARCH_PATHS } from '../../contract/search';
import type { SearchGroup } from '../../src/search/useSearch';
import { SearchPanel } from '../../src/search/SearchPanel';

/** What the demo data answers for "PE13": the Wisbech postcode, in a company's address and a config's locations. */
const groups: SearchGroup[] = [
  {
    kind: 'company',
    hits: [
      { kind: 'company', id: 7, guid: '00000000-0000-4000-8000-000000000007', title: 'Fenland Motors', subtitle: 'Wisbech', path: SEARCH_PATHS.companyProfile(7) },
      { kind: 'company', id: 9, guid: '00000000-0000-4000-8000-000000000009', title: 'Wisbech Autos', subtitle: 'Wisbech', path: SEARCH_PATHS.companyProfile(9) },
    ],
  },
  {
    kind: 'user',
    hits: [{ kind: 'user', id: 41, guid: '00000000-0000-4000-8000-000000000041', title: 'Amelia Clarke', subtitle: 'amelia.clarke@fenland-motors.example', path: SEARCH_PATHS.userProfile(41) }],
  },
  {
    kind: 'config',
    hits: [{ kind: 'config', id: 31, guid: '00000000-0000-4000-8000-000000000031', title: 'Fenland Motors website', subtitle: 'Fenland Motors', path: SEARCH_PATHS.configDashboard(31) }],
  },
  {
    kind: 'project',
    hits: [{ kind: 'project', id: 12, guid: '00000000-0000-4000-8000-000000000012', title: 'Fenland Motors Website', subtitle: 'Fenland Motors', path: SEARCH_PATHS.projectSummary(12) }],
  },
];

/** The dialog's frame: its width and paper (the dialog itself is a portal outside the story's root). */
const asDialog: Decorator = (Story) => (
  <Paper elevation={8} sx={{ maxWidth: 600, display: 'flex', flexDirection: 'column' }}>
    <Story />
  </Paper>
);

const meta = {
  title: 'Search/Search dialog',
  component: SearchPanel,
  decorators: [asDialog],
  args: { text: '', view: { state: 'idle' }, onText: () => undefined, onOpen: () => undefined, onClose: () => undefined },
} satisfies Meta<typeof SearchPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing typed yet: the hint says what can be found. */
export const Empty: Story = {};

/** A postcode found in a company's address and inside a config's locations, grouped by kind; the first is active. */
export const Results: Story = { args: { text: 'PE13', view: { state: 'results', q: 'PE13', groups } } };

/** Nothing found. */
export const NoResults: Story = { args: { text: 'Zanzibar', view: { state: 'none', q: 'Zanzibar' } } };

/** Typing on: the previous answer stays while the next is asked for. */
export const Searching: Story = { args: { text: 'PE13 4', view: { state: 'searching', groups } } };

/** The server did not answer. */
export const Failed: Story = { args: { text: 'PE13', view: { state: 'failed' } } };

/** On a phone: no keys' legend. */
export const Phone: Story = { args: { text: 'PE13', view: { state: 'results', q: 'PE13', groups }, legend: false } };
