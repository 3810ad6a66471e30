import type { Meta, StoryObj } from '@storybook/react-vite';
import { BreakdownReport } from '../../src/reports/Reports';
import { emptyBreakdown, sampleBreakdown } from './sampleReports';

const meta = {
  title: 'Reports/Projects breakdown',
  component: BreakdownReport,
  decorators: [(Story) => <div style={{ maxWidth: 900 }}><Story /></div>],
} satisfies Meta<typeof BreakdownReport>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Twenty projects started in the last twelve months, by status and RAG (each RAG with its pattern and word, not colour alone). */
export const Filled: Story = { args: { data: sampleBreakdown } };
/** No project started in the range. */
export const Empty: Story = { args: { data: emptyBreakdown } };
/** Waiting for the answer. */
export const Loading: Story = { args: { data: undefined } };
/** The request failed: the report says so and offers to try again. */
export const Failed: Story = { args: { error: new Error('offline'), onRetry: () => undefined } };
