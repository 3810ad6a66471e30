import type { Meta, StoryObj } from '@storybook/react-vite';
import { stageCatalogue } from '../../engine';
import { demoDoc, largeGroupDoc } from '../support/dealerGroup';
import { StageStory } from './StageStory';

// One story per stage file of the catalogue (tests/stories checks none is missing), on the demo
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

/** A large dealer group: 40 makes, 30 sites, 240 departments and opening-hours entries. */
export const LargeGroupLocations: Story = { name: 'Large dealer group: locations', args: { slug: 'locations', doc: largeGroupDoc } };
export const LargeGroupDepartments: Story = { name: 'Large dealer group: departments', args: { slug: 'departments', doc: largeGroupDoc } };
export const LargeGroupOpeningHours: Story = { name: 'Large dealer group: opening hours', args: { slug: 'opening-hours', doc: largeGroupDoc } };
export const LargeGroupFranchises: Story = { name: 'Large dealer group: franchises', args: { slug: 'franchises', doc: largeGroupDoc } };
