// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRendererI18n } from '../../../engine/react';
import { HttpError } from '../../../src/http';
import { trackerKeys } from '../../../src/tracker/queryKeys';
import type { ProjectDetail, ProjectTask } from '../../../src/tracker/types';
import { sampleProject, sampleStages, sampleTasks } from '../../../stories/tracker/sampleBoard';

const notify = vi.fn();
const updateTask = vi.fn();
// The real module with only useNotify replaced: the unit-dom project shares modules between files
// (isolate: false), so a mock with nothing else in it broke a later file's react-admin forms.
vi.mock('react-admin', async (original) => ({ ...(await original<Record<string, unknown>>()), useNotify: () => notify }));
vi.mock('../../../src/tracker/api', () => ({ updateTask: (...args: unknown[]) => updateTask(...args) }));
const { useBoardMoves } = await import('../../../src/tracker/board/useBoardMoves');

afterEach(() => {
  cleanup();
  notify.mockReset();
  updateTask.mockReset();
});

function setUp() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(trackerKeys.tasks(7), sampleTasks);
  client.setQueryData(trackerKeys.project(7), sampleProject);
  const i18n = createRendererI18n('en-GB');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </QueryClientProvider>
  );
  const { result } = renderHook(() => useBoardMoves(7, sampleStages.map((s) => s.id), null), { wrapper });
  const tasks = () => client.getQueryData<ProjectTask[]>(trackerKeys.tasks(7))!;
  const stageOf = (id: number) => tasks().find((t) => t.id === id)!.stage_id;
  return { client, move: result.current, tasks, stageOf };
}

describe('a move on the board', () => {
  it('shows the card in its new column at once, sends stage and 1-based position, and puts the answer\'s figures in the header', async () => {
    const { client, move, stageOf } = setUp();
    let answer: (value: unknown) => void = () => undefined;
    updateTask.mockReturnValue(new Promise((r) => (answer = r)));
    act(() => move(6, 4, 0));
    expect(stageOf(6)).toBe(4);
    await waitFor(() => expect(updateTask).toHaveBeenCalledWith(7, 6, { stage_id: 4, position: 1 }));
    const moved = { ...sampleTasks[5], stage_id: 4, position: 1 };
    await act(async () => answer({ task: moved, project: { id: 7, status: 'active', rag: 'green', complete_percentage: 25, tasks_done: 3, tasks_total: 12, version: 5 }, message: 'Task Updated' }));
    await waitFor(() => expect(client.getQueryData<ProjectDetail>(trackerKeys.project(7))?.complete_percentage).toBe(25));
    expect(client.getQueryData<ProjectDetail>(trackerKeys.project(7))?.rag).toBe('green');
    expect(notify).toHaveBeenCalledWith('Task Updated', expect.objectContaining({ type: 'success' }));
  });

  it('puts the card back and shows the server\'s words when the move is refused', async () => {
    const { client, move, stageOf } = setUp();
    updateTask.mockRejectedValue(new HttpError(422, { message: 'Value cannot be more than 3' }, (k) => k));
    act(() => move(6, 4, 0));
    expect(stageOf(6)).toBe(4);
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Value cannot be more than 3', expect.objectContaining({ type: 'error' })));
    expect(stageOf(6)).toBe(1);
    expect(client.getQueryData<ProjectDetail>(trackerKeys.project(7))?.complete_percentage).toBe(17);
  });

  it('sends nothing for a drop where the card already is', async () => {
    const { move } = setUp();
    act(() => move(6, 1, 0));
    await new Promise((r) => setTimeout(r, 20));
    expect(updateTask).not.toHaveBeenCalled();
  });
});
