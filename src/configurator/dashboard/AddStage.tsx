import { useMemo, useState } from 'react';
import { Box, Button, ListSubheader, MenuItem, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { useStageCatalogue } from '../../data/stageCatalogue';
import type { ConfigDetail } from '../api';
import { groupStages } from './groupStages';

/** Staff: a picker of the catalogue's stages this config does not have yet, and an Add button. */
export function AddStage({ config, onAdd }: { config: ConfigDetail; onAdd(slug: string): Promise<unknown> }) {
  const { t } = useTranslation(['common', 'configurator']);
  // Undefined until the catalogue is read; a failed read offers nothing to add. Read again as it opens: a stage published meanwhile is offered.
  const { data, isError } = useStageCatalogue({ fresh: true });
  const catalogue = useMemo(() => (isError ? [] : data && (data.stages ?? [])), [isError, data]);
  const [slug, setSlug] = useState('');
  const [busy, setBusy] = useState(false);
  const missing = useMemo(() => {
    const have = new Set(config.stages.map((s) => s.slug));
    return groupStages((catalogue ?? []).filter((s) => !have.has(s.slug)), { internal: true });
  }, [catalogue, config.stages]);

  if (!catalogue) return null;
  if (!missing.length) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="add-stage-none">
        {t('configPages.dashboard.allStages')}
      </Typography>
    );
  }
  const add = async () => {
    setBusy(true);
    try {
      await onAdd(slug);
      setSlug('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label={t('configPages.dashboard.stageToAdd')}
        value={slug}
        onChange={(e) => setSlug(e.target.value)}
        sx={{ minWidth: 260, flex: '1 1 260px' }}
        slotProps={{ htmlInput: { 'data-testid': 'add-stage-select' } }}
      >
        {missing.flatMap(({ group, stages }) => [
          <ListSubheader key={`g-${group}`}>{t(group)}</ListSubheader>,
          ...stages.map((s) => (
            <MenuItem key={s.slug} value={s.slug} data-testid={`add-stage-option-${s.slug}`}>
              {t(s.title)}
              {s.audience === 'internal' ? ` (${t('configPages.dashboard.internal')})` : ''}
            </MenuItem>
          )),
        ])}
      </TextField>
      <Button variant="outlined" startIcon={<AddIcon />} disabled={!slug || busy} onClick={() => void add()} data-testid="add-stage">
        {t('configPages.dashboard.addStage')}
      </Button>
    </Box>
  );
}
