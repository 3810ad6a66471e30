import AddIcon from '@mui/icons-material/Add';
import EditNoteIcon from '@mui/icons-material/EditNote';
import { Alert, Box, Button, Card, CardActionArea, CardContent, Chip, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import type { CatalogueRow } from '../../../contract/catalogue';
import { useStageCatalogue } from '../../data/stageCatalogue';
import { PageHeading } from '../../layout/PageHeading';
import { stageKeys, useCatalogue } from './api';
import { NewStageDialog } from './NewStageDialog';
import { addStageVersionTexts } from '../../i18n/stageVersionTexts';
import { editorPath, formatWhen } from './paths';

type Row = Omit<CatalogueRow, 'section' | 'order'> & { section: string | null; order: number };

/** A chip per version: "v2 · 3 configs". */
function VersionChips({ row }: { row: Pick<CatalogueRow, 'versions' | 'version'> }) {
  const { t } = useTranslation('configAdmin');
  return (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
      {[...row.versions]
        .sort((a, b) => b.version - a.version)
        .map((v) => (
          <Chip
            key={v.version}
            size="small"
            variant={v.version === row.version ? 'filled' : 'outlined'}
            color={v.version === row.version ? 'primary' : 'default'}
            label={t('stages.versionConfigs', { version: v.version, count: v.configs })}
            data-testid="stage-version-chip"
          />
        ))}
    </Stack>
  );
}

function DraftNote({ row }: { row: Pick<CatalogueRow, 'draft'> }) {
  const { t, i18n } = useTranslation('configAdmin');
  if (!row.draft) return <Typography variant="body2" color="text.secondary">{t('stages.noDraft')}</Typography>;
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }} data-testid="stage-draft">
      <EditNoteIcon fontSize="small" color="warning" aria-hidden />
      <Typography variant="body2">{t('stages.draftBy', { name: row.draft.updated_by?.name ?? t('stages.someone'), when: formatWhen(row.draft.updated_at, i18n.language) })}</Typography>
    </Stack>
  );
}

/**
 * `/backend/config-admin/stages` ('edit admin configs'): every configurator stage with its section,
 * its current version, how many configs use each version, and its draft (who, when). A row opens
 * the stage's editor; on a phone the rows are cards.
 */
export default function StagesPage() {
  const { t } = useTranslation(['configAdmin', 'configurator', 'common']);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const navigate = useNavigate();
  const { data, isPending, error } = useCatalogue();
  const { data: stages } = useStageCatalogue();
  const rows = useMemo<Row[]>(() => {
    const bySlug = new Map((stages?.stages ?? []).map((s) => [s.slug, s]));
    // A stage born in the editor has no file in the app: its row brings its section, place and texts.
    for (const r of data ?? []) if (r.labels) addStageVersionTexts(r.labels);
    return (data ?? [])
      .map((r) => ({ ...r, section: r.section ?? bySlug.get(r.slug)?.group ?? null, order: r.order ?? bySlug.get(r.slug)?.order ?? 10_000 }))
      .sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug));
  }, [data, stages]);
  const open = (row: Row) => navigate(editorPath(row.slug));
  const [creating, setCreating] = useState(false);
  const queryClient = useQueryClient();
  const notify = useNotify();
  const created = (slug: string, message: string) => {
    setCreating(false);
    notify(message, { type: 'success' });
    void queryClient.invalidateQueries({ queryKey: stageKeys.list() });
    navigate(editorPath(slug));
  };
  const section = (row: Row) => (row.section ? t(row.section) : '');
  // A born stage is on no version until its first publish.
  const versionText = (row: Row) => (row.version > 0 ? t('stages.currentVersion', { version: row.version }) : t('stages.newStage.notPublished'));
  const audience = (row: Row) => (row.audience === 'internal' ? t('stages.internal') : t('stages.dealer'));

  return (
    <>
      <PageHeading />
      <Paper sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 320px' }}>
            {t('stages.intro')}
          </Typography>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)} data-testid="new-stage">
            {t('stages.newStage.button')}
          </Button>
        </Box>
        {error ? <Alert severity="error">{t('stages.loadFailed')}</Alert> : null}
        {!isPending && !error && rows.length === 0 ? <Typography sx={{ p: 2 }}>{t('stages.empty')}</Typography> : null}
        {phone ? (
          <Stack spacing={1} data-testid="stages-cards">
            {rows.map((row) => (
              <Card key={row.slug} variant="outlined" data-testid="stage-row">
                <CardActionArea onClick={() => open(row)} aria-label={t('stages.openNamed', { name: t(row.title) })}>
                  <CardContent sx={{ display: 'grid', gap: 0.75 }}>
                    <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }} data-testid="stage-title">
                      {t(row.title)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {[section(row), audience(row), versionText(row)].filter(Boolean).join(' · ')}
                    </Typography>
                    <VersionChips row={row} />
                    <DraftNote row={row} />
                  </CardContent>
                </CardActionArea>
              </Card>
            ))}
          </Stack>
        ) : (
          <TableContainer>
            <Table size="small" aria-label={t('stages.title')} data-testid="stages-table">
              <TableHead>
                <TableRow>
                  <TableCell>{t('stages.stage')}</TableCell>
                  <TableCell>{t('stages.section')}</TableCell>
                  <TableCell>{t('stages.version')}</TableCell>
                  <TableCell>{t('stages.versions')}</TableCell>
                  <TableCell>{t('stages.draft')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow
                    key={row.slug}
                    hover
                    tabIndex={0}
                    sx={{ cursor: 'pointer' }}
                    onClick={() => open(row)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter' || e.key === ' ') {
                        e.preventDefault();
                        open(row);
                      }
                    }}
                    aria-label={t('stages.openNamed', { name: t(row.title) })}
                    data-testid="stage-row"
                  >
                    <TableCell>
                      <Typography variant="body2" sx={{ fontWeight: 500 }} data-testid="stage-title">
                        {t(row.title)}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {row.slug}
                        {row.audience === 'internal' ? ` · ${audience(row)}` : ''}
                      </Typography>
                    </TableCell>
                    <TableCell>{section(row)}</TableCell>
                    <TableCell>{row.version > 0 ? row.version : t('stages.newStage.notPublished')}</TableCell>
                    <TableCell>
                      <VersionChips row={row} />
                    </TableCell>
                    <TableCell>
                      <DraftNote row={row} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Paper>
      {creating && <NewStageDialog onClose={() => setCreating(false)} onCreated={created} />}
    </>
  );
}
