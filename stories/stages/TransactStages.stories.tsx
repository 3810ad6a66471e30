import type { Meta, StoryObj } from '@storybook/react-vite';
import { dealerGroup, demoDoc } from '../support/dealerGroup';
import { filledTransactStages } from '../support/transactStages';
import { StageStory } from './StageStory';

// The stages from stock to confirmation filled in as the demo dealer would (the empty ones are in
// Stages.stories.tsx), plus the two general pieces they brought: the configuration summary of the
// confirmation stage (`"ui:field": "configSummary"`) and a sole make shown read-only
// (optionsFrom's `hideIfSole`).
const filled = filledTransactStages(demoDoc);
const singleMake = filledTransactStages(dealerGroup({ franchises: 1, locations: 1, departmentsPer: 2 }));

const meta = {
  title: 'Stages/Filled: stock to confirmation',
  component: StageStory,
  args: { doc: filled },
} satisfies Meta<typeof StageStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Stock: Story = { args: { slug: 'stock' } };
export const HomepageElements: Story = { name: 'Homepage elements (one add-on)', args: { slug: 'homepage-elements' } };
export const FormPreferences: Story = { args: { slug: 'form-preferences' } };
export const DataProtectionOfficer: Story = { args: { slug: 'data-protection-officer' } };
export const DataPreferenceCentre: Story = { args: { slug: 'data-preference-centre' } };
export const AgeOfConsent: Story = { args: { slug: 'age-of-consent' } };
export const MarketingPreferences: Story = { args: { slug: 'marketing-preferences' } };
export const Leasing: Story = { args: { slug: 'leasing' } };
export const RateBook: Story = { args: { slug: 'rate-book' } };
export const BuyingOnline: Story = { args: { slug: 'buying-online' } };
export const Compliance: Story = { args: { slug: 'compliance' } };
export const PartExchange: Story = { args: { slug: 'part-exchange' } };
export const DeliveryCollection: Story = { args: { slug: 'delivery-collection' } };
export const SalesRecipients: Story = { args: { slug: 'sales-recipients' } };
export const Terms: Story = { name: 'Terms and project assumptions (accepted)', args: { slug: 'terms' } };

/** The configSummary field: every section of the config, complete or still missing. */
export const ConfirmationSummary: Story = { name: 'Confirmation: configuration summary', args: { slug: 'confirmation' } };

/** optionsFrom `hideIfSole`: a single-franchise dealer sees their make, not a picker. */
export const SingleMakeStock: Story = { name: 'Single-franchise dealer: stock (hideIfSole)', args: { slug: 'stock', doc: singleMake } };
