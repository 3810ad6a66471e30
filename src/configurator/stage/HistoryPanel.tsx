import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import CloseIcon from '@mui/icons-material/Close';
import { Alert, Box, Button, Chip, Divider, Drawer, IconButton, List, ListItem, Typography } from '@mui/material';
import { useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { getHistory, getRevision, restoreRevision, type ConfigDetail, type Revision, type WriteResponse } from '../api';
import { StateChip } from '../parts';
import { ConfirmDialog } from '../../layout/ConfirmDialog';
import { configKeys } from '../queryKeys';
import { historyLines, requestChangesText } from './historyLines';
import { withCatalogue, type Catalogue } from '../../../engine';
import { writeFailureMessage } from './writeFailure';
import { LoadingBar } from '../../layout/LoadingBar';
import { formatDateTime } from '../../i18n/format';

/** Revisions asked for per page (the server picks this stage's out). */
const PER_PAGE = 20;
/** Changed fields shown per revision until "Show all changes". */
const SHOWN_CHANGES = 12;
/** Actions whose "data before" is this stage's data, so Restore can put it back. */
const RESTORABLE = new Set(['save', 'reset', 'restore', 'import']);

/**
 * Restore is offered on the stage a revision is listed under; an import (server/migration), and the
 * restore of one, name their file (`source`): they wrote several stages at once and restoring them
 * puts back all of them, so it is offered on each.
 */
const restorableHere = (rev: Revision, slug: string) => RESTORABLE.has(rev.action) && (rev.source ? rev.changed_stages.includes(slug) : rev.stage === slug);

export interface HistoryPanelProps {
  /** The stage versions the config is pinned to (labels of fields a later version added). */
  catalogue?: Catalogue;
  open: boolean;
  onClose(): void;
  config: ConfigDetail;
  slug: string;
  /** The version the next write is based on (the editor's, newer than `config` after autosaves). */
  version(): number;
  /** The user may write this stage now (restore is a write). */
  canRestore: boolean;
  /** Unsent edits exist: restoring replaces them (the confirmation says so). */
  unsent: boolean;
  /** The internal route: internal-notes changes are listed too. */
  internal: boolean;
  onRestored(answer: WriteResponse): void;
}

/**
 * The stage's revisions, newest first (who, when, state change, fields changed with old and new
 * values, cascaded changes in other stages too), "Show older changes" for the next page, and
 * Restore (confirmed) for the user who may write the stage.
 */
export function HistoryPanel({ catalogue, open, onClose, config, slug, version, canRestore, unsent, internal, onRestored }: HistoryPanelProps) {
  const { t, i18n } = useTranslation(['common', 'configurator']);
  // A revision's chip: an import names its file, an upgrade the stage version it moved to (both its `source`).
  const actionLabel = (rev: { action: string; source: string | null }) => {
    if (rev.action === 'import' && rev.source) return t('configPages.stagePage.actions.importFrom', { file: rev.source });
    if (rev.action === 'upgrade' && rev.source) return t('configPages.stagePage.actions.upgradeTo', { version: rev.source });
    return t(`configPages.stagePage.actions.${rev.action}`, { defaultValue: rev.action });
  };
  const notify = useNotify();
  const [confirm, setConfirm] = useState<Revision | null>(null);
  // Revisions opened with "Show all changes": every line, big values loaded (by id).
  const [opened, setOpened] = useState<Record<number, Revision>>({});
  // Pages of PER_PAGE, read fresh each time the drawer opens (every save adds a revision).
  const history = useInfiniteQuery({
    queryKey: configKeys.history(config.guid, slug),
    queryFn: ({ pageParam, signal }) => getHistory(config, pageParam, PER_PAGE, slug, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last && last.page * last.perPage < last.total ? last.page + 1 : undefined),
    enabled: open,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const revisions = history.data?.pages.flatMap((p) => p?.data ?? []) ?? [];
  const loading = history.isFetching;
  const failed = history.isError;

  const showAll = async (rev: Revision) => {
    try {
      const whole = rev.changes.some((c) => c.large) ? await getRevision(config, rev.id) : rev;
      if (whole) setOpened((o) => ({ ...o, [rev.id]: whole }));
    } catch {
      notify(t('configPages.stagePage.historyFailed'), { type: 'error' });
    }
  };

  const restore = async () => {
    if (!confirm) return;
    try {
      const answer = await restoreRevision(config, confirm.id, version());
      if (!answer) return;
      notify(t('configPages.stagePage.restored'), { type: 'success' });
      setConfirm(null);
      onRestored(answer);
    } catch (err) {
      notify(writeFailureMessage(err, t), { type: 'error' });
      setConfirm(null);
    }
  };

  const stageTitle = (s: string) => t(config.stages.find((x) => x.slug === s)?.title ?? s);
  const lineOptions = { slug, showInternal: internal, doc: config.data, stageTitle, t, company: { region: config.company?.region ?? null } };

  return (
    <Drawer anchor="right" open={open} onClose={onClose} PaperProps={{ sx: { width: { xs: '100%', sm: 440 } } }}>
      <Box data-testid="history-panel" sx={{ p: 2 }} role="region" aria-labelledby="history-title">
        <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
          <Typography id="history-title" variant="h6" component="h2" sx={{ flex: 1 }}>
            {t('configPages.stagePage.historyTitle')}
          </Typography>
          <IconButton onClick={onClose} aria-label={t('configPages.stagePage.close')}>
            <CloseIcon />
          </IconButton>
        </Box>
        {failed && <Alert severity="error">{t('configPages.stagePage.historyFailed')}</Alert>}
        {!loading && !failed && revisions.length === 0 && <Typography color="text.secondary">{t('configPages.stagePage.historyEmpty')}</Typography>}
        <List disablePadding>
          {revisions.map((rev) => {
            const open = opened[rev.id];
            const changes = withCatalogue(catalogue, () => historyLines(open ?? rev, lineOptions));
            const shown = open ? changes : changes.slice(0, SHOWN_CHANGES);
            const large = (open ?? rev).changes.some((c) => c.large);
            return (
              <ListItem key={rev.id} disableGutters divider data-testid="history-item" data-revision={rev.id} sx={{ display: 'block', py: 1.5 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <Typography variant="subtitle2" component="span">
                    {rev.user?.name ?? t('configPages.stagePage.someone')}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" component="span">
                    {formatDateTime(rev.created_at, i18n.language)}
                  </Typography>
                </Box>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', my: 0.5 }}>
                  <Chip
                    size="small"
                    label={actionLabel(rev)}
                  />
                  {rev.new_state && rev.stage === slug && <StateChip state={rev.new_state} />}
                  {rev.stage !== slug && rev.stage && !rev.source && (
                    <Typography variant="caption" color="text.secondary">
                      {t('configPages.stagePage.cascadedFrom', { stage: stageTitle(rev.stage) })}
                    </Typography>
                  )}
                </Box>
                {requestChangesText(rev, t('configPages.stagePage.someone'), t) !== null ? (
                  <Typography variant="body2" data-testid="history-request-changes" sx={{ wordBreak: 'break-word' }}>
                    {requestChangesText(rev, t('configPages.stagePage.someone'), t)}
                  </Typography>
                ) : changes.length === 0 ? (
                  <Typography variant="body2" color="text.secondary">
                    {t('configPages.stagePage.noFieldChanges')}
                  </Typography>
                ) : (
                  <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                    {shown.map((c) => (
                      <Typography component="li" variant="body2" key={c.key} data-testid="history-change" sx={{ wordBreak: 'break-word' }}>
                        {c.text}
                      </Typography>
                    ))}
                    {changes.length > shown.length && (
                      <Typography component="li" variant="body2" color="text.secondary">
                        {t('configPages.stagePage.moreChanges', { count: changes.length - shown.length })}
                      </Typography>
                    )}
                  </Box>
                )}
                {!open && (changes.length > shown.length || large) && (
                  <Button size="small" sx={{ mt: 0.5, mr: 1 }} onClick={() => void showAll(rev)} data-testid="history-show-all">
                    {t('configPages.stagePage.showAllChanges')}
                  </Button>
                )}
                {canRestore && restorableHere(rev, slug) && (
                  <Button size="small" sx={{ mt: 0.5 }} onClick={() => setConfirm(rev)} data-testid="history-restore">
                    {t('configPages.stagePage.restore')}
                  </Button>
                )}
              </ListItem>
            );
          })}
        </List>
        {loading && <LoadingBar sx={{ my: 1 }} />}
        {history.hasNextPage && !loading && (
          <>
            <Divider sx={{ my: 1 }} />
            <Button onClick={() => void history.fetchNextPage()} data-testid="history-more">
              {t('configPages.stagePage.historyMore')}
            </Button>
          </>
        )}
      </Box>
      <ConfirmDialog
        open={!!confirm}
        title={t('configPages.stagePage.restoreTitle')}
        confirmLabel={t('configPages.stagePage.restore')}
        tone="warning"
        onConfirm={restore}
        onClose={() => setConfirm(null)}
        testId="restore-dialog"
      >
        {`${confirm?.source ? t('configPages.stagePage.restoreImportText', { stages: confirm.changed_stages.map(stageTitle).join(', ') }) : t('configPages.stagePage.restoreText')}${unsent ? ` ${t('configPages.stagePage.restoreReplacesUnsent')}` : ''}`}
      </ConfirmDialog>
    </Drawer>
  );
}
