import type { Meta, StoryObj } from '@storybook/react-vite';
import { SignPanel } from '../../src/agreements/SignPanel';
import { SignaturePad } from '../../src/agreements/SignaturePad';
import { demoAgreement } from './demoAgreement';

const meta = {
  title: 'Agreements/Signature pad',
  component: SignaturePad,
  args: { onChange: () => undefined },
} satisfies Meta<typeof SignaturePad>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The pad alone: draw with a finger, pen or mouse; Clear starts again. */
export const Pad: Story = {};

/** The whole signature panel under the dealer's order form: name, position, draw or type, accept, Sign. */
export const SignPanelForDealer: Story = {
  render: () => <SignPanel companyName={demoAgreement.company_details.name ?? ''} shownSha256={demoAgreement.document_sha256 ?? ''} busy={false} onSign={() => undefined} />,
};
