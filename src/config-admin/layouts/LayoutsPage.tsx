import AddIcon from '@mui/icons-material/Add';
import ArchiveIcon from '@mui/icons-material/Archive';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import { Box, Button, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useGetList, useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import type { InternalPageLayout } from '../../../contract/adminconfigs';
import { useDataWords } from '../../i18n/dataWords';
import { localiseServerText } from '../../i18n/serverText';
import { ConfirmDialog } from '../../layout/ConfirmDialog';
import { PageHeading } from '../../layout/PageHeading';
import { formatDate } from '../../i18n/format';
import { SortableTable } from '../../forms/SortableTable';
import { archiveLayout, RESOURCE, sortLayout, WriteRefused, type LayoutDraft } from './api';
import { ApplyDialog } from './ApplyDialog';
import { LayoutDialog } from './LayoutDialog';

const NEW: LayoutDraft = { name: '', names: {}, pages: [] };
type Row = InternalPageLayout & { position: number };

/**
 * `/backend/config-admin/internal-page-layouts` ('edit admin configs'): the active layouts by
 * position (drag, up / down, move to position), each with its pages; add and edit in a dialog with
 * the ordered pages, archive confirmed ('Admin Configs Archived'), and apply one to a config.
 */
export default function LayoutsPage() {
  const { t } = useTranslation(['configAdmin', 'errors']);
  const notify = useNotify();
  // The seeded layouts and their pages in the reader's words; the edit dialog keeps the stored name.
  const words = useDataWords();
  const said = (text: string) => localiseServerText(text, t);
  const { data = [], refetch, isPending } = useGetList<InternalPageLayout>(RESOURCE, { pagination: { page: 1, perPage: 200 }, sort: { field: 'position', order: 'ASC' }, meta: { cache: false } });
  const [editing, setEditing] = useState<LayoutDraft | null>(null);
  const [archiving, setArchiving] = useState<InternalPageLayout | null>(null);
  const [applying, setApplying] = useState<InternalPageLayout | null>(null);
  const move = async (row: Row, to: number): Promise<string | null> => {
    try {
      const moved = await sortLayout(row.id, to, t);
      notify(said(moved.message ?? ''), { type: 'success' });
      await refetch();
      return null;
    } catch (error) {
      const text = error instanceof WriteRefused ? (error.fields.to ?? error.messages[0]) : t('errors:unknown_error');
      notify(text, { type: 'error' });
      return text;
    }
  };
  const archive = async (row: InternalPageLayout) => {
    try {
      notify(said((await archiveLayout(row.id, t)).message), { type: 'success' });
    } catch (error) {
      notify(error instanceof WriteRefused ? error.messages.join('\n') : t('errors:unknown_error'), { type: 'error' });
    }
    await refetch();
  };
  const stop = (e: React.SyntheticEvent) => e.stopPropagation();
  return (
    <>
      <PageHeading />
      <Paper sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1, gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="body2" color="text.secondary">
            {t('layouts.intro')}
          </Typography>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(NEW)} data-testid="layout-add">
            {t('layouts.add')}
          </Button>
        </Stack>
        {!isPending && data.length === 0 ? (
          <Typography sx={{ p: 2 }}>{t('layouts.empty')}</Typography>
        ) : (
          <SortableTable<Row>
            rows={data as Row[]}
            label={t('layouts.title')}
            editable
            onMove={move}
            onOpen={(row) => setEditing({ id: row.id, name: row.name, names: row.names, pages: row.pages })}
            testId="layouts-table"
            columns={[
              { key: 'name', label: t('layouts.name'), render: (row) => <Typography variant="body2" sx={{ fontWeight: 500 }} data-testid="row-name">{words.layout(row)}</Typography> },
              { key: 'pages', label: t('layouts.pages'), render: (row) => row.pages.map((p) => words.layoutPage(p)).join(', '), wide: true },
              { key: 'updated', label: t('layouts.updated'), render: (row) => <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.updated_at)}</Box>, wide: true },
              {
                key: 'actions',
                label: t('layouts.actions'),
                render: (row) => (
                  <Stack direction="row" onClick={stop} onKeyDown={stop}>
                    <Tooltip title={t('layouts.applyNamed', { name: words.layout(row) })}>
                      <IconButton size="small" aria-label={t('layouts.applyNamed', { name: words.layout(row) })} onClick={() => setApplying(row)} data-testid="layout-apply">
                        <PlaylistAddCheckIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t('layouts.archiveNamed', { name: words.layout(row) })}>
                      <IconButton size="small" aria-label={t('layouts.archiveNamed', { name: words.layout(row) })} onClick={() => setArchiving(row)} data-testid="layout-archive">
                        <ArchiveIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </Stack>
                ),
              },
            ]}
          />
        )}
      </Paper>
      {editing && (
        <LayoutDialog
          initial={editing}
          onClose={() => setEditing(null)}
          onSaved={async (saved) => {
            notify(said(saved.message ?? ''), { type: 'success' });
            setEditing(null);
            await refetch();
          }}
        />
      )}
      {applying && <ApplyDialog layout={applying} onClose={() => setApplying(null)} />}
      <ConfirmDialog
        open={archiving !== null}
        title={t('layouts.archiveQuestion', { name: archiving ? words.layout(archiving) : '' })}
        confirmLabel={t('layouts.archive')}
        tone="warning"
        onClose={() => setArchiving(null)}
        onConfirm={() => archiving && archive(archiving)}
        testId="layout-archive-dialog"
      >
        {t('layouts.archiveText')}
      </ConfirmDialog>
    </>
  );
}
