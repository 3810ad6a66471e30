import type { Meta, StoryObj } from '@storybook/react-vite';
import { stageCatalogue } from '../../engine';
import { demoDoc, largeGroupDoc } from '../support/dealerGroup';
import { StageStory } from './StageStory';

// One story per stage file of the catalogue (the Storybook accessibility test checks none is missing), on the demo
// dealer's data, plus the large dealer group on the stages that grow with it.
const meta = {
  title: 'Stages',
  component: StageStory,
  argTypes: { slug: { control: 'select', options: stageCatalogue.map((s) => s.slug) } },
  args: { doc: demoDoc },
} satisfies Meta<typeof StageStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const CompanyInformation: Story = { args: { slug: 'company-information' } };
export const KeyContact: Story = { args: { slug: 'key-contact' } };
export const Franchises: Story = { args: { slug: 'franchises' } };
export const Locations: Story = { args: { slug: 'locations' } };
export const Departments: Story = { args: { slug: 'departments' } };
export const OpeningHours: Story = { args: { slug: 'opening-hours' } };
export const SocialFeeds: Story = { args: { slug: 'social-feeds' } };
export const Divisions: Story = { args: { slug: 'divisions' } };
export const Users: Story = { args: { slug: 'users' } };
export const DesignBrief: Story = { args: { slug: 'design-brief' } };
export const GlobalNavigation: Story = { args: { slug: 'global-navigation' } };
export const ImportFeeds: Story = { args: { slug: 'import-feeds' } };
export const Extras: Story = { args: { slug: 'extras' } };
// Setup and design to integrations (issue 8, first half), empty as a new config starts them;
// filled versions are in WebsiteStages.stories.tsx.
export const Setup: Story = { args: { slug: 'setup' } };
export const Design: Story = { args: { slug: 'design' } };
export const ColourScheme: Story = { args: { slug: 'colour-scheme' } };
export const Domains: Story = { args: { slug: 'domains' } };
export const EmailAccounts: Story = { args: { slug: 'email-accounts' } };
export const Transfer: Story = { args: { slug: 'transfer' } };
export const ExportFeeds: Story = { args: { slug: 'export-feeds' } };
export const Valuations: Story = { args: { slug: 'valuations' } };
export const Content: Story = { args: { slug: 'content' } };
export const Technical: Story = { args: { slug: 'technical' } };
export const Software: Story = { args: { slug: 'software' } };
export const Training: Story = { args: { slug: 'training' } };
export const GoogleAnalytics: Story = { args: { slug: 'google-analytics' } };
export const Integrations: Story = { args: { slug: 'integrations' } };
// Stock to confirmation (issue 8, second half), empty as a new config starts them; filled versions
// are in TransactStages.stories.tsx.
export const Stock: Story = { args: { slug: 'stock' } };
export const HomepageElements: Story = { args: { slug: 'homepage-elements' } };
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
export const Terms: Story = { args: { slug: 'terms' } };
export const Confirmation: Story = { args: { slug: 'confirmation' } };
// Staff only (audience internal): the internal pages an applied layout fills (issue 30).
export const InternalPages: Story = { args: { slug: 'internal-pages' } };

/** A large dealer group: 40 makes, 30 sites, 240 departments and opening-hours entries. */
export const LargeGroupLocations: Story = { name: 'Large dealer group: locations', args: { slug: 'locations', doc: largeGroupDoc } };
export const LargeGroupDepartments: Story = { name: 'Large dealer group: departments', args: { slug: 'departments', doc: largeGroupDoc } };
export const LargeGroupOpeningHours: Story = { name: 'Large dealer group: opening hours', args: { slug: 'opening-hours', doc: largeGroupDoc } };
export const LargeGroupFranchises: Story = { name: 'Large dealer group: franchises', args: { slug: 'franchises', doc: largeGroupDoc } };
