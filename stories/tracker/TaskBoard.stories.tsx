import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { planMove } from '../../src/tracker/board/boardOrder';
import { TaskBoard } from '../../src/tracker/board/TaskBoard';
import type { ProjectTask } from '../../src/tracker/types';
import { bigTasks, sampleGroups, sampleStages, sampleTasks } from './sampleBoard';

/** The board with its own state, moving cards as the page does (boardOrder.planMove), without a server. */
function LiveBoard({ tasks: initial, groupId = null, disabled = false }: { tasks: ProjectTask[]; groupId?: number | null; disabled?: boolean }) {
  const [tasks, setTasks] = useState(initial);
  const stageIds = sampleStages.map((s) => s.id);
  return (
    <div style={{ maxWidth: '100%' }}>
      <TaskBoard
        stages={sampleStages}
        tasks={tasks}
        groups={sampleGroups}
        groupId={groupId}
        disabled={disabled}
        onMove={(id, stage, index) => setTasks((now) => planMove(now, stageIds, id, stage, index, (t) => groupId === null || t.project_task_type_id === groupId).tasks)}
      />
    </div>
  );
}

const meta = {
  title: 'Tracker/Task board',
  component: LiveBoard,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof LiveBoard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Demo Motors' launch: drag a card by its handle (mouse or touch) within a column or to another. */
export const DemoLaunch: Story = { args: { tasks: sampleTasks } };

/** Only the Website group shown: a drop among its cards keeps the other groups' places. */
export const OneGroup: Story = { args: { tasks: sampleTasks, groupId: 11 } };

/** Someone with 'view projects' only: no handles. */
export const ReadOnly: Story = { args: { tasks: sampleTasks, disabled: true } };

/** 500 tasks: the board paints in under a second and a drag step stays under a frame. */
export const FiveHundredTasks: Story = { args: { tasks: bigTasks } };

/**
 * The keyboard: focus "Move Check vehicle images", Space picks it up, Right arrow takes it to
 * In progress, Space drops it there (what a screen reader user hears is announced live).
 */
export const KeyboardMove: Story = {
  args: { tasks: sampleTasks },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const handle = canvas.getByRole('button', { name: 'Move Check vehicle images' });
    handle.focus();
    await userEvent.keyboard(' ');
    await new Promise((r) => setTimeout(r, 150));
    await userEvent.keyboard('{ArrowRight}');
    await new Promise((r) => setTimeout(r, 250));
    await userEvent.keyboard(' ');
    await waitFor(() => {
      const column = canvasElement.querySelector('[data-stage-name="In progress"]')!;
      return expect(column.textContent).toContain('Check vehicle images');
    });
  },
};
