import type { Meta, StoryObj } from '@storybook/react-vite';
import { dealerGroup, demoDoc } from '../support/dealerGroup';
import { filledWebsiteStages } from '../support/websiteStages';
import { StageStory } from './StageStory';

// The stages from setup to integrations filled in as the demo dealer would (the empty ones are in
// Stages.stories.tsx). The export feeds show a stored secret ("set": a "Saved" placeholder) next to
// one not set yet.
const filled = filledWebsiteStages(demoDoc);
const singleSite = filledWebsiteStages(dealerGroup({ franchises: 1, locations: 1, departmentsPer: 2 }));

const meta = {
  title: 'Stages/Filled: setup to integrations',
  component: StageStory,
  args: { doc: filled },
} satisfies Meta<typeof StageStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Setup: Story = { args: { slug: 'setup' } };
export const SiteStructure: Story = { name: 'Structure (global navigation)', args: { slug: 'global-navigation' } };
export const Design: Story = { args: { slug: 'design' } };
export const ColourScheme: Story = { args: { slug: 'colour-scheme' } };
export const Domains: Story = { args: { slug: 'domains' } };
export const EmailAccounts: Story = { args: { slug: 'email-accounts' } };
export const Transfer: Story = { args: { slug: 'transfer' } };
export const ExportFeeds: Story = { name: 'Export feeds (a stored password)', args: { slug: 'export-feeds' } };
export const ExportFeedsSingleSite: Story = { name: 'Export feeds: a sole site', args: { slug: 'export-feeds', doc: singleSite } };
export const Valuations: Story = { args: { slug: 'valuations' } };
export const Content: Story = { args: { slug: 'content' } };
export const Technical: Story = { args: { slug: 'technical' } };
export const Software: Story = { args: { slug: 'software' } };
export const Training: Story = { args: { slug: 'training' } };
export const GoogleAnalytics: Story = { args: { slug: 'google-analytics' } };
export const Integrations: Story = { args: { slug: 'integrations' } };
