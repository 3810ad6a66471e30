import { PERMISSIONS as P } from '../auth/permissions';
import { auth, defineArea, link, perm } from '../routing/define';
import taskNotifications from './notifications';
import taskStages from './stages';
import tasks from './templates';
import taskTypes from './types';

/** The task templates and their stages, types and notifications. */
export default defineArea({
  routes: [
    auth('Tasks All', '/tasks', 'routes.tasks', perm(P.listTasks), link('tasks-all', 'menu.all', 'tasks', 1)),
    auth('Tasks Stages All', '/tasks/stages', 'routes.taskStages', perm(P.editTasks), link('tasks-stages', 'menu.taskStages', 'tasks', 2)),
    auth('Tasks Notifications All', '/tasks/notifications', 'routes.taskNotifications', perm(P.editTasks), link('tasks-notifications', 'menu.taskNotifications', 'tasks', 4)),
    auth('Tasks Types All', '/tasks/types', 'routes.taskTypes', perm(P.editTasks), link('tasks-types', 'menu.taskTypes', 'tasks', 3)),
  ],
  pages: {
    'Tasks All': tasks.list,
    'Tasks Stages All': taskStages.list,
    'Tasks Notifications All': taskNotifications.list,
    'Tasks Types All': taskTypes.list,
  },
  resources: { tasks, 'tasks/stages': taskStages, 'tasks/types': taskTypes, 'tasks/notifications': taskNotifications },
});
