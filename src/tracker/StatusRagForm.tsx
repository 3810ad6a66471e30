import { Box, Button, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROJECT_STATUSES, RAG_STATUSES } from '../../contract/projects';
import { updateProject } from './api';
import type { ProjectDetail, ProjectStatus, RagStatus } from './types';
import { useTrackerWrite } from './useTrackerWrites';

/**
 * A manager's decisions on the summary: the status (archived, cancelled, on hold stay until
 * changed; the others follow the tasks) and the RAG override ("Computed" clears it).
 */
export function StatusRagForm({ project }: { project: ProjectDetail }) {
  const { t } = useTranslation('tracker');
  const [status, setStatus] = useState<ProjectStatus>(project.status);
  const [rag, setRag] = useState<RagStatus | ''>(project.rag_manual ?? '');
  const save = useTrackerWrite(project.id, async () => updateProject(project.id, { status, rag_manual: rag || null, version: project.version }), t('errors:projects.updated'));
  const changed = status !== project.status || (rag || null) !== (project.rag_manual ?? null);
  return (
    <Box component="form" onSubmit={(e) => { e.preventDefault(); save.mutate(undefined); }} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mt: 2, '& .MuiTextField-root': { width: { xs: '100%', sm: 240 } } }} data-testid="status-rag-form">
      <TextField select size="small" label={t('fields.status')} value={status} onChange={(e) => setStatus(e.target.value as ProjectStatus)} slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'status-select' } as never } }}>
        {PROJECT_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`status.${s}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField select size="small" label={t('fields.ragOverride')} value={rag} onChange={(e) => setRag(e.target.value as RagStatus | '')} slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
        <MenuItem value="">{t('rag.computed')}</MenuItem>
        {RAG_STATUSES.map((r) => (
          <MenuItem key={r} value={r}>
            {t(`rag.${r}`)}
          </MenuItem>
        ))}
      </TextField>
      <Button type="submit" variant="contained" disabled={!changed || save.isPending} data-testid="status-rag-save">
        {t('actions.save')}
      </Button>
    </Box>
  );
}
