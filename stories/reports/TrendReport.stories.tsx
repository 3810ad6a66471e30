import type { Meta, StoryObj } from '@storybook/react-vite';
import { TrendReport } from '../../src/reports/Reports';
import { emptyTrend, sampleTrend } from './sampleReports';

const meta = {
  title: 'Reports/Started and gone live',
  component: TrendReport,
  decorators: [(Story) => <div style={{ maxWidth: 900 }}><Story /></div>],
} satisfies Meta<typeof TrendReport>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Projects started and gone live per month over twelve months. */
export const Filled: Story = { args: { data: sampleTrend } };
/** Every month of the range present, all zeros. */
export const Empty: Story = { args: { data: emptyTrend } };
/** Waiting for the answer. */
export const Loading: Story = { args: { data: undefined } };
/** The request failed: the report says so and offers to try again. */
export const Failed: Story = { args: { error: new Error('offline'), onRetry: () => undefined } };
