import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { updateTask } from '../api';
import { trackerKeys } from '../queryKeys';
import type { ProjectTask } from '../types';
import { failureText, useApplyFigures } from '../useTrackerWrites';
import { planMove } from './boardOrder';

/**
 * The board's moves: the card moves at once (the cached tasks rewritten by boardOrder.planMove),
 * then PUT /projects/{id}/tasks/{taskId} {stage_id, position}. The answer's project figures go
 * into the header (percentage, status, RAG); a refusal puts the cards back where they were and
 * shows the server's words. Moves are sent one after another, in the order they were made, so
 * two quick drops reach the server as the user made them.
 */
export function useBoardMoves(projectId: number, stageIds: readonly number[], groupId: number | null) {
  const { t } = useTranslation('tracker');
  const notify = useNotify();
  const client = useQueryClient();
  const applyFigures = useApplyFigures(projectId);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const latest = useRef({ stageIds, groupId });
  latest.current = { stageIds, groupId };

  return useCallback(
    (taskId: number, stageId: number, shownIndex: number) => {
      const key = trackerKeys.tasks(projectId);
      const before = client.getQueryData<ProjectTask[]>(key);
      if (!before) return;
      const { stageIds: ids, groupId: group } = latest.current;
      const plan = planMove(before, ids, taskId, stageId, shownIndex, (task) => group === null || task.project_task_type_id === group);
      if (!plan.changed) return;
      client.setQueryData(key, plan.tasks);
      const send = async () => {
        try {
          const answer = await updateTask(projectId, taskId, { stage_id: stageId, position: plan.position });
          if (!answer) return;
          applyFigures(answer.project);
          client.setQueryData<ProjectTask[]>(key, (tasks) => tasks?.map((task) => (task.id === answer.task.id ? { ...task, ...answer.task } : task)));
          notify(t('errors:tasks.task_updated'), { type: 'success', autoHideDuration: 2000 });
        } catch (error) {
          client.setQueryData(key, before);
          notify(failureText(error, t('board.moveFailed')), { type: 'error' });
        } finally {
          // Other cards of the two columns were renumbered by the server: read them again (cards whose task did not change keep their object).
          void client.invalidateQueries({ queryKey: key });
        }
      };
      queue.current = queue.current.then(send, send);
    },
    [client, projectId, applyFigures, notify, t],
  );
}
