// @vitest-environment jsdom
// Issue 56, "Save this as a test case": the preview's data becomes a case whose expectation is what
// the engine answers now (here the domains stage's two primary domains: its message by key and
// pointer), named by staff, written into the file under a fresh kebab id; the case then passes
// when the engine runs it as a publish does, and a second one with the same name gets another id.
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadStageValidators, runTestCases, stageFiles, type StageTestCase } from '../../../../../engine';
import { checkedPreviewStage } from '../../../../../src/config-admin/stages/previewEngine';
import { addCase, casesOf, freshCaseId } from '../../../../../src/config-admin/stages/testCases/caseFile';
import { SaveCaseDialog } from '../../../../../src/config-admin/stages/testCases/SaveCaseDialog';
import { renderInEnglish } from './i18n';

afterEach(cleanup);
beforeAll(async () => {
  await loadStageValidators();
});

const file = (): Record<string, unknown> => {
  const f = JSON.parse(JSON.stringify(stageFiles['domains'])) as Record<string, unknown>;
  delete f.tests;
  return f;
};
const twoPrimaries = () => {
  const data = JSON.parse(JSON.stringify((stageFiles['domains'] as { tests: StageTestCase[] }).tests[0].data)) as Record<string, unknown>;
  return { domains: data };
};

describe('saving a test case from the preview', () => {
  it("records the preview's data with the engine's answer, named, under a fresh id; the case passes", () => {
    const draft = file();
    // The shipped validators stand for the saved draft's (same file, registered under its slug).
    const preview = checkedPreviewStage(draft, 'domains');
    const saved: Omit<StageTestCase, 'id'>[] = [];
    renderInEnglish(<SaveCaseDialog open preview={preview} file={draft} doc={twoPrimaries()} onClose={() => {}} onSave={(c) => saved.push(c)} />);

    expect(screen.getByTestId('test-case-answer').textContent).toContain('validation:rule.onePrimaryDomain at /domains');
    const add = screen.getByTestId('test-case-name-confirm');
    expect((add as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('test-case-name'), { target: { value: 'Two primary domains!' } });
    fireEvent.click(add);

    expect(saved).toHaveLength(1);
    const c = saved[0];
    expect(c).toMatchObject({ name: 'Two primary domains!', mode: 'submit', data: twoPrimaries().domains, expect: { messages: [{ path: '/domains', key: 'validation:rule.onePrimaryDomain' }] } });
    expect(Object.keys(c.after ?? {})).toEqual(['domains']);

    const once = addCase(draft, c)!;
    expect(once.id).toBe('two-primary-domains');
    const twice = addCase(once.file, c)!;
    expect(twice.id).toBe('two-primary-domains-2');
    expect(casesOf(twice.file).map((x) => x.id)).toEqual(['two-primary-domains', 'two-primary-domains-2']);
    // The recorded answer is the engine's: the case passes as a publish would run it.
    expect(runTestCases({ slug: 'domains', catalogue: preview.catalogue }, casesOf(once.file)).map((r) => r.passed)).toEqual([true]);
  });

  it('records a draft-mode case as valid, and says why it cannot when the engine cannot judge', () => {
    const draft = file();
    const preview = checkedPreviewStage(draft, 'domains');
    const saved: Omit<StageTestCase, 'id'>[] = [];
    const doc = { domains: { domains: [{ id: 'da', domain: 'example.co.uk', action: 'existing', primary: true }] } };
    renderInEnglish(<SaveCaseDialog open preview={preview} file={draft} doc={doc} onClose={() => {}} onSave={(c) => saved.push(c)} />);
    fireEvent.change(screen.getByTestId('test-case-mode'), { target: { value: 'draft' } });
    fireEvent.change(screen.getByTestId('test-case-name'), { target: { value: 'One domain as a draft' } });
    fireEvent.click(screen.getByTestId('test-case-name-confirm'));
    expect(saved[0]).toMatchObject({ mode: 'draft', expect: { valid: true } });
    cleanup();

    // A preview whose validators are not registered: no case, and the reason.
    const unchecked = checkedPreviewStage(draft, 'domains@draft-none');
    renderInEnglish(<SaveCaseDialog open preview={unchecked} file={draft} doc={doc} onClose={() => {}} onSave={(c) => saved.push(c)} />);
    expect(screen.getByTestId('test-case-cannot').textContent).toMatch(/^The engine cannot judge this data/);
    expect((screen.getByTestId('test-case-name-confirm') as HTMLButtonElement).disabled).toBe(true);
  });

  it('makes kebab ids within the meta-schema', () => {
    expect(freshCaseId('  Élan — 2 Löcations ', [])).toBe('elan-2-locations');
    expect(freshCaseId('!!!', [])).toBe('case');
    expect(freshCaseId('x'.repeat(300), []).length).toBeLessThanOrEqual(64);
  });
});
