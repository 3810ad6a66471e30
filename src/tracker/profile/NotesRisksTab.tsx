import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, Chip, IconButton, List, ListItem, ListItemText, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RISK_SEVERITIES } from '../../../contract/tracker';
import { formatDate } from '../../i18n/format';
import { addNote, addRisk, deleteNote, deleteRisk, updateRisk } from '../api';
import { ProjectState } from '../ProjectState';
import type { ProjectDetail, ProjectRisk, RiskSeverity } from '../types';
import { useNotes, useRisks } from '../useTracker';
import { useTrackerWrite } from '../useTrackerWrites';

/** The Notes and risks tab: internal notes (newest first) and the risk register (open, then closed). */
export function NotesRisksTab({ project, edit }: { project: ProjectDetail; edit: boolean }) {
  const { t } = useTranslation('tracker');
  const notes = useNotes(project.id);
  const risks = useRisks(project.id);
  const [note, setNote] = useState('');
  const [risk, setRisk] = useState<{ title: string; severity: RiskSeverity }>({ title: '', severity: 'medium' });
  const saveNote = useTrackerWrite(project.id, async (body: string) => addNote(project.id, body), t('notes.added'));
  const removeNote = useTrackerWrite(project.id, async (id: number) => deleteNote(project.id, id), t('notes.deleted'));
  const saveRisk = useTrackerWrite(project.id, async () => addRisk(project.id, { title: risk.title.trim(), severity: risk.severity }), t('risks.added'));
  const closeRisk = useTrackerWrite(project.id, async (r: ProjectRisk) => updateRisk(project.id, r.id, { state: r.state === 'open' ? 'closed' : 'open' }), t('risks.updated'));
  const removeRisk = useTrackerWrite(project.id, async (id: number) => deleteRisk(project.id, id), t('risks.deleted'));
  return (
    <Box data-testid="notes-risks-tab" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 3 }}>
      <Box component="section" aria-labelledby="notes-heading">
        <Typography id="notes-heading" component="h2" variant="h6" gutterBottom>
          {t('notes.title')}
        </Typography>
        {edit ? (
          <Box component="form" onSubmit={(e) => { e.preventDefault(); if (note.trim()) saveNote.mutate(note.trim(), { onSuccess: () => setNote('') }); }}>
            <TextField fullWidth multiline minRows={2} label={t('notes.new')} value={note} onChange={(e) => setNote(e.target.value)} slotProps={{ htmlInput: { 'data-testid': 'note-body' } }} />
            <Button type="submit" variant="contained" sx={{ mt: 1 }} disabled={!note.trim() || saveNote.isPending} data-testid="note-add">
              {t('actions.add')}
            </Button>
          </Box>
        ) : null}
        {notes.data?.length === 0 ? <Typography sx={{ mt: 2 }}>{t('notes.none')}</Typography> : null}
        {notes.data ? (
          <List>
            {notes.data.map((n) => (
              <ListItem key={n.id} divider data-testid="note-row" secondaryAction={edit ? <Tooltip title={t('actions.delete')}><IconButton aria-label={t('actions.delete')} onClick={() => removeNote.mutate(n.id)}><DeleteIcon /></IconButton></Tooltip> : null}>
                <ListItemText primary={n.body} secondary={`${n.author?.name ?? ''} ${formatDate(n.created_at)}`} sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} />
              </ListItem>
            ))}
          </List>
        ) : (
          <ProjectState error={notes.error} />
        )}
      </Box>
      <Box component="section" aria-labelledby="risks-heading">
        <Typography id="risks-heading" component="h2" variant="h6" gutterBottom>
          {t('risks.title')}
        </Typography>
        {edit ? (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} component="form" onSubmit={(e) => { e.preventDefault(); if (risk.title.trim()) saveRisk.mutate(undefined, { onSuccess: () => setRisk({ title: '', severity: 'medium' }) }); }}>
            <TextField size="small" fullWidth label={t('risks.new')} value={risk.title} onChange={(e) => setRisk({ ...risk, title: e.target.value })} slotProps={{ htmlInput: { 'data-testid': 'risk-title' } }} />
            <TextField select size="small" label={t('risks.severity')} value={risk.severity} onChange={(e) => setRisk({ ...risk, severity: e.target.value as RiskSeverity })} sx={{ minWidth: 140 }}>
              {RISK_SEVERITIES.map((s) => (
                <MenuItem key={s} value={s}>
                  {t(`risks.severities.${s}`)}
                </MenuItem>
              ))}
            </TextField>
            <Button type="submit" variant="contained" disabled={!risk.title.trim() || saveRisk.isPending} data-testid="risk-add">
              {t('actions.add')}
            </Button>
          </Stack>
        ) : null}
        {risks.data?.length === 0 ? <Typography sx={{ mt: 2 }}>{t('risks.none')}</Typography> : null}
        {risks.data ? (
          <List>
            {[...risks.data].sort((a, b) => Number(a.state === 'closed') - Number(b.state === 'closed')).map((r) => (
              <ListItem
                key={r.id}
                divider
                data-testid="risk-row"
                secondaryAction={
                  edit ? (
                    <>
                      <Button size="small" onClick={() => closeRisk.mutate(r)}>
                        {r.state === 'open' ? t('risks.close') : t('risks.reopen')}
                      </Button>
                      <Tooltip title={t('actions.delete')}>
                        <IconButton aria-label={t('actions.deleteNamed', { name: r.title })} onClick={() => removeRisk.mutate(r.id)}>
                          <DeleteIcon />
                        </IconButton>
                      </Tooltip>
                    </>
                  ) : null
                }
                sx={{ pr: edit ? 18 : 2 }}
              >
                <ListItemText
                  primary={r.title}
                  secondary={
                    <Stack direction="row" spacing={1} component="span" sx={{ mt: 0.5 }}>
                      <Chip component="span" size="small" label={t(`risks.severities.${r.severity}`)} color={r.severity === 'high' ? 'error' : 'default'} variant="outlined" sx={r.severity === 'medium' ? { borderColor: 'warning.main', borderWidth: 2 } : undefined} />
                      <Chip component="span" size="small" label={t(`risks.states.${r.state}`)} />
                    </Stack>
                  }
                />
              </ListItem>
            ))}
          </List>
        ) : (
          <ProjectState error={risks.error} />
        )}
      </Box>
    </Box>
  );
}
