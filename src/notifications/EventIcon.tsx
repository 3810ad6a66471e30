import AlarmOnIcon from '@mui/icons-material/AlarmOn';
import AlternateEmailIcon from '@mui/icons-material/AlternateEmail';
import DrawIcon from '@mui/icons-material/Draw';
import TaskDueIcon from '@mui/icons-material/Event';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import PendingActionsIcon from '@mui/icons-material/PendingActions';
import RateReviewIcon from '@mui/icons-material/RateReview';
import ReplyIcon from '@mui/icons-material/Reply';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { useTranslation } from 'react-i18next';
import type { NotificationEvent } from '../../contract/tracker';

/** One icon per event the bell lists, so a glance tells a mention from a task or an agreement. */
const ICONS: Record<NotificationEvent, typeof AlarmOnIcon> = {
  task_due: TaskDueIcon,
  task_overdue: EventBusyIcon,
  task_done: TaskAltIcon,
  variation_pending: PendingActionsIcon,
  variation_decided: FactCheckIcon,
  mention: AlternateEmailIcon,
  reply: ReplyIcon,
  changes_requested: RateReviewIcon,
  stages_waiting: HourglassEmptyIcon,
  agreement_to_sign: DrawIcon,
  agreement_reminder: AlarmOnIcon,
};

/** The event's icon, named for screen readers (`events.<event>`); an event this app does not know yet gets the task one. */
export function EventIcon({ event }: { event: NotificationEvent }) {
  const { t } = useTranslation('notifications');
  const Icon = ICONS[event] ?? TaskDueIcon;
  return <Icon color="action" titleAccess={t(`events.${event}`)} data-testid={`notification-icon-${event}`} />;
}
