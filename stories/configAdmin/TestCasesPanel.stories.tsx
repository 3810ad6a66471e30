import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import type { DraftTestResult } from '../../contract/catalogue';
import { stageFiles } from '../../engine';
import { TestCasesPanel } from '../../src/config-admin/stages/testCases/TestCasesPanel';

/** The stage editor's "Test cases" panel (issue 56): the draft's cases with the last check's results. */
const meta = {
  title: 'Config admin/Stage editor/Test cases',
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const copy = <T,>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
const domains = copy(stageFiles['domains']) as { tests: { id: string; name: string }[] };
const first = domains.tests[0];

const passing: DraftTestResult[] = domains.tests.map((c) => ({ stage: 'domains', id: c.id, name: c.name, passed: true, differences: [] }));
const failing: DraftTestResult[] = [
  {
    stage: 'domains', id: first.id, name: first.name, passed: false,
    differences: [{ kind: 'messages', expected: [{ path: '/domains', key: 'validation:rule.defaultMethod' }], got: [{ path: '/domains', key: 'validation:rule.onePrimaryDomain' }] }],
  },
  ...passing.slice(1),
  { stage: 'locations', id: 'strip-removed-franchise', name: 'A franchise that no longer exists is removed from every location', passed: false, differences: [{ kind: 'after', stage: 'locations', paths: ['/locations/0/franchises/1'] }] },
];

/** The panel with its own copy of the file, as the editor holds it (rename and remove change it). */
function Panel({ results, running = false, file = domains }: { results: DraftTestResult[] | null | undefined; running?: boolean; file?: unknown }) {
  const [f, setF] = useState<unknown>(file);
  return <TestCasesPanel slug="domains" file={f} results={results} running={running} onChange={setF} />;
}

/** Every case of the domains stage passes with the draft. */
export const AllPassing: Story = { render: () => <Panel results={passing} /> };

/** A case expects another message than the engine gives, and another stage's case breaks. */
export const Failing: Story = { render: () => <Panel results={failing} /> };

/** A check of the file on screen is on its way. */
export const Running: Story = { render: () => <Panel results={passing} running /> };

/** The draft has problems: its cases cannot run. */
export const NotRun: Story = { render: () => <Panel results={null} /> };

/** A stage without cases yet. */
export const Empty: Story = { render: () => <Panel results={[]} file={{ slug: 'domains' }} /> };
