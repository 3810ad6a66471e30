import type { Meta, StoryObj } from '@storybook/react-vite';
import { VerifyResult } from '../../src/pages/verify/VerifyResult';
import { verifiedChanged, verifiedEarlier, verifiedFinal } from './demoSigners';

/** Issue 57: "Verify a document"'s answer in words. */
const meta = {
  title: 'Agreements/Verify result',
  component: VerifyResult,
  args: { answer: verifiedFinal, fileName: 'Demo-Motors-website-2026-7.pdf' },
} satisfies Meta<typeof VerifyResult>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The final PDF: issued, its reference, three intact signatures. */
export const Final: Story = {};

/** A PDF as the first signer left it: issued, not the final version. */
export const EarlierVersion: Story = { args: { answer: verifiedEarlier } };

/** One byte changed: not the portal's, the last signature broken. */
export const Changed: Story = { args: { answer: verifiedChanged, fileName: 'changed.pdf' } };
