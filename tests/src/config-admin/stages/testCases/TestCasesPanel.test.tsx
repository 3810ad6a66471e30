// @vitest-environment jsdom
// Issue 56, the editor's "Test cases" panel: each case of the draft with passed or failed from the
// last check's `test_results`, what failed in words (messages expected and got, pointers after the
// cascade), another stage's failing case, a case's data on demand, rename and remove into the file.
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DraftTestResult } from '../../../../../contract/catalogue';
import { casesOf } from '../../../../../src/config-admin/stages/testCases/caseFile';
import { TestCasesPanel } from '../../../../../src/config-admin/stages/testCases/TestCasesPanel';
import { renderInEnglish } from './i18n';

afterEach(cleanup);

const file = {
  slug: 'domains',
  tests: [
    { id: 'one-primary', name: 'Two primary domains are refused', data: { domains: [] }, expect: { messages: [{ path: '/domains', key: 'validation:rule.defaultMethod' }] } },
    { id: 'keeps', name: 'Keeps the domain', mode: 'draft', data: { domains: [] }, expect: { valid: true } },
  ],
};
const results: DraftTestResult[] = [
  {
    stage: 'domains', id: 'one-primary', name: 'Two primary domains are refused', passed: false,
    differences: [{ kind: 'messages', expected: [{ path: '/domains', key: 'validation:rule.defaultMethod' }], got: [{ path: '/domains', key: 'validation:rule.onePrimaryDomain' }] }],
  },
  { stage: 'domains', id: 'keeps', name: 'Keeps the domain', passed: true, differences: [] },
  { stage: 'locations', id: 'strip', name: 'Strips a franchise', passed: false, differences: [{ kind: 'after', stage: 'locations', paths: ['/locations/0/franchises/1'] }] },
];

function Panel({ seen, running = false, given = results }: { seen: unknown[]; running?: boolean; given?: DraftTestResult[] | null }) {
  const [f, setF] = useState<unknown>(file);
  return (
    <TestCasesPanel
      slug="domains"
      file={f}
      results={given}
      running={running}
      onChange={(next) => {
        seen.push(next);
        setF(next);
      }}
    />
  );
}

describe('the test cases panel', () => {
  it('shows a failing case with what differed, a passing one, and another stage\'s failure', () => {
    renderInEnglish(<Panel seen={[]} />);
    expect(screen.getByTestId('test-case-one-primary').dataset.status).toBe('failed');
    expect(screen.getByTestId('test-case-keeps').dataset.status).toBe('passed');
    expect(screen.getByTestId('test-case-differences-one-primary').textContent).toBe(
      'Expected validation:rule.defaultMethod at /domains; the engine gave validation:rule.onePrimaryDomain at /domains.',
    );
    expect(screen.getByTestId('test-cases-summary').textContent).toBe('2 cases of at most 50, 1 failing');
    // Open a case's data too: its scrollable box is reachable by keyboard and named.
    fireEvent.click(within(screen.getByTestId('test-case-keeps')).getByRole('button', { name: 'Show its data' }));
    expect(screen.getByTestId('test-cases-others').textContent).toContain('"Strips a franchise" (locations): After the cascade, the data of locations differs at /locations/0/franchises/1.');
  });

  it('passes axe (names, roles; colour contrast cannot be judged in jsdom)', async () => {
    const { container } = renderInEnglish(<Panel seen={[]} />);
    fireEvent.click(within(screen.getByTestId('test-case-keeps')).getByRole('button', { name: 'Show its data' }));
    const found = await axe.run(container, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(found.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });

  it("shows a case's data, renames and removes cases in the file", () => {
    const seen: unknown[] = [];
    renderInEnglish(<Panel seen={seen} />);
    const row = screen.getByTestId('test-case-keeps');
    fireEvent.click(within(row).getByRole('button', { name: 'Show its data' }));
    expect(within(row).getByLabelText('Data of test case Keeps the domain').textContent).toContain('"valid": true');

    fireEvent.click(screen.getByRole('button', { name: 'Rename test case Keeps the domain' }));
    fireEvent.change(screen.getByTestId('test-case-name'), { target: { value: 'Keeps the only domain' } });
    fireEvent.click(screen.getByTestId('test-case-name-confirm'));
    expect(casesOf(seen.at(-1)).map((c) => [c.id, c.name])).toEqual([
      ['one-primary', 'Two primary domains are refused'],
      ['keeps', 'Keeps the only domain'],
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove test case Two primary domains are refused' }));
    expect(casesOf(seen.at(-1)).map((c) => c.id)).toEqual(['keeps']);
    expect(screen.queryByTestId('test-case-one-primary')).toBeNull();
  });

  it('says when the cases are running and when they cannot run (the draft has problems)', () => {
    renderInEnglish(<Panel seen={[]} running />);
    expect(screen.getByTestId('test-cases-summary').textContent).toBe('Running the test cases…');
    cleanup();
    renderInEnglish(<Panel seen={[]} given={null} />);
    expect(screen.getByTestId('test-cases-summary').textContent).toBe('The test cases run once the draft has no problems.');
    expect(screen.getByTestId('test-case-one-primary').dataset.status).toBe('notRun');
  });
});
