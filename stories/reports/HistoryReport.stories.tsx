import type { Meta, StoryObj } from '@storybook/react-vite';
import { HistoryReport } from '../../src/reports/Reports';
import { emptyHistory, sampleHistory } from './sampleReports';

const meta = {
  title: 'Reports/Status history',
  component: HistoryReport,
  decorators: [(Story) => <div style={{ maxWidth: 900 }}><Story /></div>],
} satisfies Meta<typeof HistoryReport>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The status of every project at each month's end over twelve months. */
export const Filled: Story = { args: { data: sampleHistory } };
/** No project existed in the range. */
export const Empty: Story = { args: { data: emptyHistory } };
/** Waiting for the answer. */
export const Loading: Story = { args: { data: undefined } };
/** The request failed: the report says so and offers to try again. */
export const Failed: Story = { args: { error: new Error('offline'), onRetry: () => undefined } };
