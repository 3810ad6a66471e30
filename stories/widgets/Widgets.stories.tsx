import type { Meta, StoryObj } from '@storybook/react-vite';
import type { RemoteSearch } from '../../engine/react';
import { demoDoc } from '../support/dealerGroup';
import { StoryForm } from '../support/StoryForm';

const meta = {
  title: 'Renderer/Widgets',
  component: StoryForm,
} satisfies Meta<typeof StoryForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Switch: Story = {
  args: {
    schema: { type: 'object', properties: { receiveLeads: { type: 'boolean', title: 'configurator:fields.receiveLeads' } } },
    uiSchema: { receiveLeads: { 'ui:widget': 'switch' } },
    data: { receiveLeads: true },
  },
};

export const DatePicker: Story = {
  args: {
    schema: { type: 'object', properties: { launchDate: { type: 'string', format: 'date', title: 'Launch date' } } },
    uiSchema: { launchDate: { 'ui:widget': 'datePicker' } },
    data: { launchDate: '2026-03-01' },
  },
};

const MAKES = ['Abarth', 'Alfa Romeo', 'Audi', 'BMW', 'BYD', 'Cupra', 'Dacia', 'DS', 'Fiat', 'Ford', 'Genesis', 'Honda', 'Hyundai', 'Jaguar', 'Jeep', 'Kia', 'Lexus', 'Lotus', 'Mazda', 'MG', 'MINI', 'Nissan', 'Peugeot', 'Polestar', 'Renault', 'SEAT', 'Skoda', 'Smart', 'Subaru', 'Suzuki', 'Tesla', 'Toyota', 'Vauxhall', 'Volkswagen', 'Volvo'];

/** A search over a fixed list, answering like GET /terms?filter[name]=… would (injected, as in the app). */
const searchMakes: RemoteSearch = async (term) =>
  MAKES.filter((m) => m.toLowerCase().includes(term.toLowerCase())).map((m, i) => ({ value: m.toLowerCase().replace(/\s+/g, '-'), label: MAKES[MAKES.indexOf(m)] ?? String(i) }));

export const RemoteSelect: Story = {
  args: {
    schema: { type: 'object', properties: { make: { type: 'string', title: 'configurator:fields.make' } } },
    uiSchema: { make: { 'ui:widget': 'remoteSelect', 'ui:options': { source: 'makes' } } },
    data: {},
    searchers: { makes: searchMakes },
  },
};

export const OptionsFromAnotherList: Story = {
  name: 'Options from another list',
  args: {
    schema: {
      type: 'object',
      properties: {
        franchise: { type: 'string', title: 'configurator:fields.franchise' },
        franchises: { type: 'array', title: 'configurator:fields.franchises', items: { type: 'string' }, uniqueItems: true },
      },
    },
    uiSchema: {
      franchise: { 'ui:widget': 'optionsFrom', 'ui:options': { stage: 'franchises', optionsFrom: '/franchises', labelKey: 'name', valueKey: 'id' } },
      franchises: { 'ui:widget': 'optionsFrom', 'ui:options': { stage: 'franchises', optionsFrom: '/franchises', labelKey: 'name', valueKey: 'id' } },
    },
    data: { franchises: [] },
    doc: { franchises: demoDoc.franchises },
  },
};

export const Password: Story = {
  args: {
    schema: { type: 'object', properties: { password: { type: 'string', title: 'Password' } } },
    uiSchema: { password: { 'ui:widget': 'password' } },
    data: { password: 'Tr0ub4dour&3' },
  },
};

export const Markdown: Story = {
  args: {
    schema: { type: 'object', properties: { background: { type: 'string', title: 'configurator:fields.background' } } },
    uiSchema: { background: { 'ui:widget': 'markdown' } },
    data: { background: 'We are a **family-run** dealer group.\n\n- Sales\n- Service' },
  },
};

/** The spec's slider (section 9: step 25, range 0-100), as the design stage asks for the designer's creative freedom. */
export const Slider: Story = {
  args: {
    schema: {
      type: 'object',
      properties: { creativeFreedom: { type: 'integer', title: 'configurator:fields.creativeFreedom', description: 'configurator:help.creativeFreedom', minimum: 0, maximum: 100, multipleOf: 25 } },
    },
    uiSchema: { creativeFreedom: { 'ui:widget': 'slider' } },
    data: { creativeFreedom: 50 },
  },
};

/** A plain textarea: 8 rows unless `ui:options.rows` says otherwise (spec section 9). */
export const Textarea: Story = {
  args: {
    schema: { type: 'object', properties: { comments: { type: 'string', title: 'configurator:fields.briefComments' } } },
    uiSchema: { comments: { 'ui:widget': 'textarea' } },
    data: { comments: 'Please keep our green and the family crest.' },
  },
};

const USERS = [
  { value: 7, label: 'Dana Dealer (dealer@demo.test)' },
  { value: 9, label: 'Sam Sales (sam@demo-motors.test)' },
  { value: 11, label: 'Priya Patel (priya@demo-motors.test)' },
];

/** The company's users, answering like GET /users?filter={q, company_id} would, and naming a stored id. */
const searchUsers: RemoteSearch = Object.assign(async (term: string) => USERS.filter((u) => u.label.toLowerCase().includes(term.toLowerCase())), {
  resolve: async (value: string | number) => USERS.find((u) => u.value === value) ?? null,
});

/** A stored user id shown by its name (the key contact's portal account). */
export const RemoteSelectStoredId: Story = {
  name: 'Remote select (a stored id)',
  args: {
    schema: { type: 'object', properties: { keyContactUser: { type: 'integer', title: 'configurator:fields.keyContactUser', description: 'configurator:help.keyContactUser' } } },
    uiSchema: { keyContactUser: { 'ui:widget': 'remoteSelect', 'ui:options': { source: 'companyUsers' } } },
    data: { keyContactUser: 7 },
    searchers: { companyUsers: searchUsers },
  },
};

/** Without the app's media input (a story, a test) the media widget shows the stored guid read-only. */
export const MediaWithoutPicker: Story = {
  name: 'Media (no picker given)',
  args: {
    schema: { type: 'object', properties: { logo: { type: 'string', title: 'configurator:fields.logo', format: 'uuid' } } },
    uiSchema: { logo: { 'ui:widget': 'media', 'ui:options': { purpose: 'logo' } } },
    data: { logo: '3f6c1d2e-8a4b-4e7f-9c1a-5b2d7e8f9a01' },
  },
};
