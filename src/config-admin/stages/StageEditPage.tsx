import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { PageHeading } from '../../layout/PageHeading';
import { stageKeys, useEditableStage } from './api';
import { DraftEditor } from './DraftEditor';
import { listPath } from './paths';
import { bornTitleTexts } from './newStage';
import { addStageVersionTexts } from '../../i18n/stageVersionTexts';

/**
 * `/backend/config-admin/stages/{slug}` ('edit admin configs'): one stage's editor. The draft (or a
 * copy of the current version) in the structured mode or as JSON, beside a live preview in the real
 * StageForm; save, discard and publish the shared draft (409 when someone else saved it first);
 * every version with compare, rollback and the move of configs to a version (UpgradeDialog: the
 * dry run, then the configs ticked). The editor starts again from the server after a publish,
 * a discard, a rollback or a reload.
 */
export default function StageEditPage() {
  const { t } = useTranslation('configAdmin');
  const { slug = '' } = useParams();
  const queryClient = useQueryClient();
  const { data, isPending, error, refetch } = useEditableStage(slug);
  // A stage born in the editor has no file in the app: its title comes with it (only the title:
  // the draft's other texts must still read as missing where they are).
  if (data) addStageVersionTexts(bornTitleTexts(data));
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(async () => {
    await refetch();
    void queryClient.invalidateQueries({ queryKey: stageKeys.list() });
    setGeneration((g) => g + 1);
  }, [refetch, queryClient]);
  // The stage read again without starting the editor again (its unsaved edits stay): configs per version after a move.
  const refresh = useCallback(async () => {
    await refetch();
    void queryClient.invalidateQueries({ queryKey: stageKeys.list() });
  }, [refetch, queryClient]);
  return (
    <>
      <PageHeading />
      <Box sx={{ mb: 1 }}>
        <Button component={RouterLink} to={listPath()} startIcon={<ArrowBackIcon />} size="small">
          {t('stages.back')}
        </Button>
      </Box>
      {isPending ? (
        <CircularProgress aria-label={t('stages.loading')} />
      ) : error || !data ? (
        <Alert severity="error" data-testid="stage-load-error">
          {error instanceof Error && /404|not found/i.test(error.message) ? t('stages.notFound') : t('stages.loadFailed')}
        </Alert>
      ) : (
        <DraftEditor key={`${slug}-${generation}`} stage={data} reload={reload} refresh={refresh} />
      )}
    </>
  );
}
