// @vitest-environment jsdom
// The opening-hours grid's time cells are uncontrolled inputs kept in step with the store: typing
// renders nothing in React (issue 10: a controlled cell walked the page's tree on every key), and a
// value set from elsewhere (a rule, Reset, the server's copy) still shows in the cell.
import { Profiler, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { StageForm, useStageContext, type StageController } from '../../../engine/react';
import { engineForSchema } from '../../../engine/react/devEngine';
import { renderInLocale } from './renderInLocale';

afterEach(cleanup);

const day: RJSFSchema = { type: 'object', properties: { open: { type: 'string', title: 'Open' }, close: { type: 'string', title: 'Close' } } };
const schema: RJSFSchema = { type: 'object', properties: { days: { type: 'object', title: 'Days', properties: { monday: { ...day, title: 'Monday' }, tuesday: { ...day, title: 'Tuesday' } } } } };
const uiSchema: UiSchema = { days: { 'ui:field': 'openingHours' } };

function Capture({ into }: { into: { current: StageController | null } }): ReactNode {
  into.current = useStageContext();
  return null;
}

describe('opening-hours time cells', () => {
  it('a keystroke commits no React render, the store gets the value, and values set elsewhere show in the cell', () => {
    const controller: { current: StageController | null } = { current: null };
    const commits: string[] = [];
    let doc: Record<string, unknown> = {};
    renderInLocale(
      <Profiler id="stage" onRender={(_id, phase) => commits.push(phase)}>
        <StageForm slug="story" stage={{ schema, uiSchema }} engine={engineForSchema(schema)} doc={{ story: { days: { monday: { open: '09:00' } } } }} onChange={(d) => (doc = d)} hideActions>
          <Capture into={controller} />
        </StageForm>
      </Profiler>,
    );
    const open = screen.getByRole('textbox', { name: 'Monday Open' }) as HTMLInputElement;
    expect(open.value).toBe('09:00');

    const before = commits.length;
    fireEvent.change(open, { target: { value: '08:30' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Tuesday Close' }), { target: { value: '18:00' } });
    expect(commits.slice(before)).toEqual([]);
    expect(doc.story).toEqual({ days: { monday: { open: '08:30' }, tuesday: { close: '18:00' } } });

    // Cleared: nothing stored, an empty cell.
    fireEvent.change(open, { target: { value: '' } });
    expect((doc.story as { days: { monday: { open?: string } } }).days.monday.open).toBeUndefined();

    // From elsewhere: an edit through the controller, then the document replaced (Reset, the server).
    act(() => controller.current!.setAt(['days', 'monday', 'open'], '07:45'));
    expect(open.value).toBe('07:45');
    act(() => controller.current!.reset({ story: { days: { monday: { open: '10:00' }, tuesday: {} } } }));
    expect(open.value).toBe('10:00');
    expect((screen.getByRole('textbox', { name: 'Tuesday Close' }) as HTMLInputElement).value).toBe('');
  });
});
