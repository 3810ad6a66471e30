import { Alert, Link, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Checked } from './draftStart';
import { MissingList, ProblemList } from './PublishDialog';

/**
 * Under the editor: the JSON's parse error, the draft's problems (in JSON mode, a link to the first
 * at its place) and its missing translations, as the last check of what is on screen found them.
 */
export function DraftChecks({ parseError, tab, checked, onReveal }: { parseError: string | null; tab: 'fields' | 'json'; checked: Checked; onReveal: (pointer: string) => void }) {
  const { t } = useTranslation('configAdmin');
  return (
    <Stack spacing={1} sx={{ mt: 1 }}>
      {parseError && (
        <Alert severity="error" data-testid="json-error">
          {t('stages.jsonError', { message: parseError })}
        </Alert>
      )}
      {tab === 'json' && (
        <Typography variant="caption" color="text.secondary">
          {t('stages.lintOnSave')}
        </Typography>
      )}
      {checked.problems.length > 0 && (
        <Alert severity="error" data-testid="draft-problems">
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {t('stages.publish.problems', { count: checked.problems.length })}
          </Typography>
          <ProblemList problems={checked.problems} />
          {tab === 'json' && checked.problems[0]?.field && (
            <Link component="button" type="button" variant="body2" onClick={() => onReveal(checked.problems[0].field ?? '')}>
              {t('stages.showFirst')}
            </Link>
          )}
        </Alert>
      )}
      {checked.missing_translations.length > 0 && (
        <Alert severity="info" data-testid="draft-missing">
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {t('stages.publish.missing')}
          </Typography>
          <MissingList missing={checked.missing_translations} />
        </Alert>
      )}
    </Stack>
  );
}
