import { Alert, Box, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfigDocument, StageTestCase } from '../../../../engine';
import type { PreviewStage } from '../previewEngine';
import { caseFromPreview, type CaseMode, type PreviewCase } from './caseFromPreview';
import { messageList } from './differenceText';
import { RenameCaseDialog } from './RenameCaseDialog';

export interface SaveCaseDialogProps {
  open: boolean;
  /** The preview's stage (its catalogue judges the data) and file (which other stages it reads). */
  preview: PreviewStage;
  file: unknown;
  /** The data shown in the preview: this stage's and the other stages'. */
  doc: ConfigDocument;
  /** The company's region the preview stands for. */
  region?: string | null;
  onClose: () => void;
  onSave: (c: Omit<StageTestCase, 'id'>) => void;
}

/** The engine's answer now, or why it cannot give one. */
function answer(preview: PreviewStage, file: unknown, doc: ConfigDocument, mode: CaseMode, region: string | null | undefined): { made: PreviewCase | null; error: string | null } {
  try {
    return { made: caseFromPreview(preview, file, doc, mode, region), error: null };
  } catch (error) {
    return { made: null, error: (error as Error).message };
  }
}

/**
 * "Save this as a test case": the preview's data with what the engine answers now (valid, or its
 * messages; the data after the cascade), in the mode chosen; asks for a name. The case goes into
 * the draft's file (saving the draft keeps it).
 */
export function SaveCaseDialog({ open, preview, file, doc, region, onClose, onSave }: SaveCaseDialogProps) {
  const { t } = useTranslation('configAdmin');
  const [mode, setMode] = useState<CaseMode>('submit');
  const { made, error } = useMemo(() => (open ? answer(preview, file, doc, mode, region) : { made: null, error: null }), [open, preview, file, doc, mode, region]);
  return (
    <RenameCaseDialog
      name={open ? '' : null}
      onClose={onClose}
      onRename={(name) => made && onSave({ name, ...made })}
      title={t('stages.testCases.saveTitle')}
      confirm={t('stages.testCases.save')}
      disabled={!made}
    >
      <Stack spacing={1} sx={{ mt: 1 }}>
        <TextField select size="small" label={t('stages.testCases.modeLabel')} value={mode} onChange={(e) => setMode(e.target.value as CaseMode)} slotProps={{ htmlInput: { 'data-testid': 'test-case-mode' } }}>
          <MenuItem value="submit">{t('stages.testCases.mode.submit')}</MenuItem>
          <MenuItem value="draft">{t('stages.testCases.mode.draft')}</MenuItem>
        </TextField>
        {error && (
          <Alert severity="error" data-testid="test-case-cannot">
            {t('stages.testCases.cannotRecord', { reason: error })}
          </Alert>
        )}
        {made && (
          <Box data-testid="test-case-answer">
            <Typography variant="body2">
              {'valid' in made.expect ? t('stages.testCases.answerValid') : t('stages.testCases.answerMessages', { messages: messageList(made.expect.messages, t) })}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t('stages.testCases.answerAfter', { stages: Object.keys(made.after ?? {}).join(', ') })}
              {made.doc ? ` ${t('stages.testCases.answerDoc', { stages: Object.keys(made.doc).join(', ') })}` : ''}
            </Typography>
          </Box>
        )}
      </Stack>
    </RenameCaseDialog>
  );
}
