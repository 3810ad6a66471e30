import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, IconButton, List, ListItem, ListItemText, Stack, TextField, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../layout/ConfirmDialog';
import { addStakeholder, removeStakeholder, type Choice } from '../api';
import { ProjectState } from '../ProjectState';
import { RemotePicker } from '../RemotePicker';
import type { ProjectDetail, Stakeholder, StakeholderInput } from '../types';
import { useStakeholders } from '../useTracker';
import { useTrackerWrite } from '../useTrackerWrites';

const EMPTY = { name: '', email: '', telephone: '', position: '', organisation: '', role: '' };

/** The Stakeholders tab: who has a say in the launch; a portal user or an outside contact is added, and removed (asked first). */
export function StakeholdersTab({ project, edit }: { project: ProjectDetail; edit: boolean }) {
  const { t } = useTranslation('tracker');
  const { data, error } = useStakeholders(project.id);
  const [kind, setKind] = useState<'user' | 'contact'>('user');
  const [user, setUser] = useState<Choice | null>(null);
  const [contact, setContact] = useState(EMPTY);
  const [removing, setRemoving] = useState<Stakeholder | null>(null);
  const add = useTrackerWrite(project.id, async (input: StakeholderInput) => addStakeholder(project.id, input), t('stakeholders.added'));
  const remove = useTrackerWrite(project.id, async (s: Stakeholder) => removeStakeholder(project.id, s.id), t('stakeholders.removed'));
  const submit = () => {
    if (kind === 'user' && user) add.mutate({ user_id: user.id }, { onSuccess: () => setUser(null) });
    if (kind === 'contact' && contact.name.trim()) {
      const input = Object.fromEntries(Object.entries(contact).map(([k, v]) => [k, v.trim()]).filter(([, v]) => v)) as StakeholderInput;
      add.mutate(input, { onSuccess: () => setContact(EMPTY) });
    }
  };
  const field = (key: keyof typeof EMPTY, label: string, required = false) => (
    <TextField size="small" label={label} required={required} value={contact[key]} onChange={(e) => setContact({ ...contact, [key]: e.target.value })} slotProps={{ htmlInput: { 'data-testid': `stakeholder-${key}` } }} />
  );
  if (!data) return <ProjectState error={error} />;
  return (
    <Box data-testid="stakeholders-tab">
      {edit ? (
        <Box component="form" onSubmit={(e) => { e.preventDefault(); submit(); }} sx={{ mb: 2, maxWidth: 640 }}>
          <ToggleButtonGroup size="small" exclusive value={kind} onChange={(_e, v: 'user' | 'contact' | null) => v && setKind(v)} sx={{ mb: 1.5 }} aria-label={t('stakeholders.kind')}>
            <ToggleButton value="user">{t('stakeholders.portalUser')}</ToggleButton>
            <ToggleButton value="contact">{t('stakeholders.outside')}</ToggleButton>
          </ToggleButtonGroup>
          {kind === 'user' ? (
            <RemotePicker kind="user" label={t('stakeholders.user')} value={user} onChange={setUser} testId="stakeholder-user" />
          ) : (
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}>
              {field('name', t('fields.name'), true)}
              {field('email', t('fields.email'))}
              {field('telephone', t('fields.telephone'))}
              {field('position', t('fields.position'))}
              {field('organisation', t('fields.organisation'))}
              {field('role', t('fields.role'))}
            </Box>
          )}
          <Button type="submit" variant="contained" sx={{ mt: 1.5 }} disabled={add.isPending || (kind === 'user' ? !user : !contact.name.trim())} data-testid="stakeholder-add">
            {t('actions.add')}
          </Button>
        </Box>
      ) : null}
      {data.length === 0 ? <Typography>{t('stakeholders.none')}</Typography> : null}
      <List sx={{ maxWidth: 640 }}>
        {data.map((s) => (
          <ListItem
            key={s.id}
            divider
            data-testid="stakeholder-row"
            secondaryAction={
              edit ? (
                <Tooltip title={t('actions.remove')}>
                  <IconButton aria-label={t('actions.removeNamed', { name: s.name })} onClick={() => setRemoving(s)}>
                    <DeleteIcon />
                  </IconButton>
                </Tooltip>
              ) : null
            }
          >
            <ListItemText
              primary={`${s.name}${s.user_id ? ` · ${t('stakeholders.portalUser')}` : ''}`}
              secondary={<Stack component="span">{[s.role, s.position, s.organisation, s.email, s.telephone].filter(Boolean).join(' · ')}</Stack>}
            />
          </ListItem>
        ))}
      </List>
      <ConfirmDialog open={removing !== null} title={t('stakeholders.removeTitle')} confirmLabel={t('actions.remove')} tone="error" onClose={() => setRemoving(null)} onConfirm={async () => { if (removing) await remove.mutateAsync(removing).catch(() => undefined); }} testId="stakeholder-remove-dialog">
        {removing ? t('stakeholders.removeText', { name: removing.name }) : null}
      </ConfirmDialog>
    </Box>
  );
}
