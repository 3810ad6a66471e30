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
