import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_PLACEHOLDERS } from '../../../contract/tasks';

/**
 * The placeholders a notification's subject and body may use, each with what it stands for: under
 * the main fields (a region of the dialog), and again in the words in other languages (`region`
 * false: no second landmark of the same name).
 */
export function PlaceholderHelp({ region = true }: { region?: boolean }) {
  const { t } = useTranslation('tasks');
  return (
    <Box component={region ? 'section' : 'div'} aria-label={region ? t('notifications.placeholders') : undefined} sx={{ bgcolor: 'action.hover', borderRadius: 1, p: 1.5 }}>
      <Typography variant="subtitle2" component="p">{t('notifications.placeholders')}</Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {NOTIFICATION_PLACEHOLDERS.map((p) => (
          <li key={p}>
            <Typography variant="body2" component="span">
              <code>{`{${p}}`}</code> — {t(`placeholders.${p}`)}
            </Typography>
          </li>
        ))}
      </Box>
    </Box>
  );
}
