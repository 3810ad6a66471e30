import type { Meta, StoryObj } from '@storybook/react-vite';
import type { RJSFSchema } from '@rjsf/utils';
import { week } from '../support/dealerGroup';
import { StoryForm } from '../support/StoryForm';

const meta = {
  title: 'Renderer/Fields',
  component: StoryForm,
} satisfies Meta<typeof StoryForm>;
export default meta;
type Story = StoryObj<typeof meta>;

const person: RJSFSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'configurator:fields.name', minLength: 2 },
    email: { type: 'string', title: 'configurator:fields.email', format: 'email' },
    active: { type: 'boolean', title: 'Active' },
  },
  required: ['name'],
};
const people = [
  { name: 'Charlie', email: 'charlie@demo.test', active: true },
  { name: 'Alice', email: 'alice@demo.test', active: false },
  { name: 'Bob', email: 'bob@demo.test', active: true },
];

export const Table: Story = {
  args: {
    schema: { type: 'object', properties: { people: { type: 'array', title: 'People', items: person } } },
    uiSchema: { people: { 'ui:field': 'table', 'ui:options': { sortable: true, reorderable: true }, items: { active: { 'ui:widget': 'switch' } } } },
    data: { people },
  },
};

/**
 * Reorder by dragging a row's handle (mouse, or keyboard: focus it, Space, arrows, Space) or with
 * "Move to position" (type 1..N; 0 or N+1 show the spec's messages and move nothing).
 */
export const ReorderableTable: Story = {
  args: {
    schema: {
      type: 'object',
      properties: {
        franchises: {
          type: 'array',
          title: 'configurator:fields.franchises',
          items: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string', title: 'configurator:fields.franchiseName' } } },
        },
      },
    },
    uiSchema: { franchises: { 'ui:field': 'table', 'ui:options': { reorderable: true, columns: ['name'] } } },
    data: { franchises: ['Volvo', 'Audi', 'Kia', 'Skoda', 'Mazda', 'Peugeot'].map((name, i) => ({ id: `f${i + 1}`, name })) },
  },
};

/**
 * A row staff locked (`disabled: true`, issue 54; here Audi): the dealer sees it read only, with a
 * lock cue named for screen readers, and cannot remove it, move it, or move another row past it.
 */
const lockableFranchises: RJSFSchema = {
  type: 'object',
  properties: {
    franchises: {
      type: 'array',
      title: 'configurator:fields.franchises',
      items: {
        type: 'object',
        properties: { id: { type: 'string' }, name: { type: 'string', title: 'configurator:fields.franchiseName' }, disabled: { type: 'boolean', title: 'configurator:fields.rowLocked' } },
      },
    },
  },
};
const lockedRows = [
  { id: 'f1', name: 'Volvo' },
  { id: 'f2', name: 'Audi', disabled: true },
  { id: 'f3', name: 'Kia' },
];
const lockableUi = { franchises: { 'ui:field': 'table', 'ui:options': { reorderable: true, columns: ['name'] }, items: { disabled: { 'ui:widget': 'hidden' } } } };

export const LockedRow: Story = {
  args: { schema: lockableFranchises, uiSchema: lockableUi, data: { franchises: lockedRows } },
};

/** The same table for staff ('manage configs'): every row has a lock toggle, and locked rows stay editable. */
export const LockedRowStaff: Story = {
  args: { schema: lockableFranchises, uiSchema: lockableUi, data: { franchises: lockedRows }, canLockRows: true },
};

export const Tabs: Story = {
  args: {
    schema: { type: 'object', properties: { people: { type: 'array', title: 'People', items: person } } },
    uiSchema: { people: { 'ui:field': 'tabs', 'ui:options': { labelKey: 'name' } } },
    data: { people },
  },
};

export const Accordion: Story = {
  args: {
    schema: { type: 'object', properties: { people: { type: 'array', title: 'People', items: person } } },
    uiSchema: { people: { 'ui:field': 'accordion', 'ui:options': { labelKey: 'name' } } },
    data: { people },
  },
};

export const Portlets: Story = {
  args: {
    schema: {
      type: 'object',
      properties: {
        contacts: {
          type: 'object',
          title: 'Contacts',
          properties: { projectManager: { ...person, title: 'Project manager' }, accountManager: { ...person, title: 'Account manager' } },
        },
      },
    },
    uiSchema: { contacts: { 'ui:field': 'portlets' } },
    data: { contacts: { projectManager: people[0], accountManager: people[1] } },
  },
};

const day: RJSFSchema = {
  type: 'object',
  properties: {
    appt: { type: 'boolean', title: 'configurator:fields.appt' },
    dual: { type: 'boolean', title: 'configurator:fields.dual' },
    open: { type: 'string', title: 'configurator:fields.open', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' },
    close: { type: 'string', title: 'configurator:fields.close', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' },
    open2: { type: 'string', title: 'configurator:fields.open2', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' },
    close2: { type: 'string', title: 'configurator:fields.close2', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' },
  },
};

export const OpeningHours: Story = {
  args: {
    schema: {
      type: 'object',
      properties: {
        days: {
          type: 'object',
          title: 'configurator:fields.days',
          properties: Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, { ...day, title: `configurator:fields.${d}` }])),
        },
      },
    },
    uiSchema: { days: { 'ui:field': 'openingHours' } },
    data: { days: week() },
  },
};

/** The internal pages stage's `layout`: a value nobody types, shown as a sentence (no disabled input). */
const appliedLayout: RJSFSchema = {
  type: 'object',
  properties: {
    layout: {
      type: 'object',
      title: 'configurator:fields.internalLayout',
      properties: { id: { type: 'integer', title: 'configurator:fields.internalLayoutId' }, name: { type: 'string', title: 'configurator:fields.internalLayoutName' } },
    },
  },
};
const layoutText = {
  layout: {
    'ui:field': 'displayText',
    'ui:options': { emptyText: 'configurator:help.internalLayoutNone', text: 'configurator:help.internalLayoutFrom', link: '/backend/config-admin/internal-page-layouts' },
  },
};

/** Nothing applied yet: the empty text, with its link to where a layout is applied. */
export const DisplayTextEmpty: Story = {
  name: 'Display text (empty)',
  args: { schema: appliedLayout, uiSchema: layoutText, data: {} },
};

/** Filled: the text with the value's properties put in ("From the layout …"). */
export const DisplayTextFilled: Story = {
  name: 'Display text (filled)',
  args: { schema: appliedLayout, uiSchema: layoutText, data: { layout: { id: 3, name: 'Franchise dealer standard' } } },
};
