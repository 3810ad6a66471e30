import { useCallback, useEffect, useState } from 'react';
import CloseIcon from '@mui/icons-material/Close';
import { Alert, Box, Button, Chip, Divider, Drawer, IconButton, List, ListItem, Typography } from '@mui/material';
import { useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { hasStage } from '../../../engine';
import { getStageUi } from '../../../engine/react';
import { HttpError } from '../../http';
import { getHistory, getRevision, restoreRevision, type ConfigDetail, type Revision, type WriteResponse } from '../api';
import { StateChip } from '../parts';
import { ConfirmDialog } from '../../layout/ConfirmDialog';
import { diffData } from './diff';
import { displayValue, pointerLabel } from './labels';
import { LoadingBar } from '../../layout/LoadingBar';

/** Revisions asked for per page (the server picks this stage's out). */
const PER_PAGE = 20;
/** Changed fields shown per revision until "Show all changes". */
const SHOWN_CHANGES = 12;
/** Actions whose "data before" is this stage's data, so Restore can put it back. */
const RESTORABLE = new Set(['save', 'reset', 'restore']);

export interface HistoryPanelProps {
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

interface Line {
  stage: string;
  internal: boolean;
  field: string;
  old: unknown;
  new: unknown;
  /** Sides the page left out for their size: shown as such until the whole revision is loaded. */
  large?: Array<'old' | 'new'>;
}

const holdsRows = (v: unknown) => Array.isArray(v) && v.some((item) => typeof item === 'object' && item !== null);

/**
 * A revision's changes as readable lines: a change that replaced a whole object or list (a first
 * save, a removed row) is opened up into its fields, so the panel shows values, not JSON; a list of
 * rows set or cleared at once is a line per row ("Locations 4: — → York"), not one "30 items".
 */
function linesOf(rev: Revision, showInternal: boolean): Line[] {
  return rev.changes
    .filter((c) => showInternal || !c.internal)
    .flatMap((c): Line[] => {
      if (c.large) return [{ stage: c.stage, internal: c.internal, field: c.field, old: c.old, new: c.new, large: c.large }];
      const nested = (typeof c.old === 'object' && c.old !== null) || (typeof c.new === 'object' && c.new !== null && !Array.isArray(c.new));
      // A value added or removed whole is compared with an empty one of its kind.
      const empty = (other: unknown) => (Array.isArray(other) ? [] : {});
      const parts =
        nested && !c.internal && !/\/\d+$/.test(c.field) // a whole row stays one line ("Franchises 4: MINI → —")
          ? diffData(c.old === undefined ? empty(c.new) : c.old, c.new === undefined ? empty(c.old) : c.new, c.field)
          : [{ field: c.field, before: c.old, after: c.new }];
      const opened = parts.flatMap((p) => (holdsRows(p.before) !== holdsRows(p.after) && (p.before === undefined || p.after === undefined) ? diffData(p.before ?? [], p.after ?? [], p.field) : [p]));
      return opened.map((p) => ({ stage: c.stage, internal: c.internal, field: p.field, old: p.before, new: p.after }));
    });
}

/**
 * The stage's revisions, newest first (who, when, state change, fields changed with old and new
 * values, cascaded changes in other stages too), "Show older changes" for the next page, and
 * Restore (confirmed) for the user who may write the stage.
 */
export function HistoryPanel({ open, onClose, config, slug, version, canRestore, unsent, internal, onRestored }: HistoryPanelProps) {
  const { t, i18n } = useTranslation(['common', 'configurator']);
  const notify = useNotify();
  const [revisions, setRevisions] = useState<Revision[]>([]);
  const [page, setPage] = useState(0);
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [confirm, setConfirm] = useState<Revision | null>(null);
  // Revisions opened with "Show all changes": every line, big values loaded (by id).
  const [opened, setOpened] = useState<Record<number, Revision>>({});

  const load = useCallback(
    async (next: number, keep: Revision[]) => {
      setLoading(true);
      setFailed(false);
      try {
        const answer = await getHistory(config, next, PER_PAGE, slug);
        if (!answer) return;
        setRevisions([...keep, ...answer.data]);
        setPage(next);
        setMore(next * answer.perPage < answer.total);
      } catch {
        setFailed(true);
      } finally {
        setLoading(false);
      }
    },
    [config, slug],
  );

  useEffect(() => {
    if (open) void load(1, []);
  }, [open, load]);

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
      notify(err instanceof HttpError && err.status === 409 ? t('configPages.conflict') : err instanceof HttpError ? err.messages.join('\n') : t('errors:unknown_error'), { type: 'error' });
      setConfirm(null);
    }
  };

  const stageTitle = (s: string) => t(config.stages.find((x) => x.slug === s)?.title ?? s);
  const label = (stage: string, field: string) => (hasStage(stage) ? pointerLabel(getStageUi(stage).schema, field, t) : field);

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
            const changes = linesOf(open ?? rev, internal);
            const shown = open ? changes : changes.slice(0, SHOWN_CHANGES);
            const value = (line: Line, side: 'old' | 'new') =>
              line.large?.includes(side)
                ? t('configPages.stagePage.largeValue')
                : displayValue(line.internal ? (line[side] as { notes?: unknown } | undefined)?.notes : line[side], t);
            return (
              <ListItem key={rev.id} disableGutters divider data-testid="history-item" data-revision={rev.id} sx={{ display: 'block', py: 1.5 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <Typography variant="subtitle2" component="span">
                    {rev.user?.name ?? t('configPages.stagePage.someone')}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" component="span">
                    {new Date(rev.created_at).toLocaleString(i18n.language)}
                  </Typography>
                </Box>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', my: 0.5 }}>
                  <Chip size="small" label={t(`configPages.stagePage.actions.${rev.action}`, { defaultValue: rev.action })} />
                  {rev.new_state && rev.stage === slug && <StateChip state={rev.new_state} />}
                  {rev.stage !== slug && rev.stage && (
                    <Typography variant="caption" color="text.secondary">
                      {t('configPages.stagePage.cascadedFrom', { stage: stageTitle(rev.stage) })}
                    </Typography>
                  )}
                </Box>
                {changes.length === 0 ? (
                  <Typography variant="body2" color="text.secondary">
                    {t('configPages.stagePage.noFieldChanges')}
                  </Typography>
                ) : (
                  <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                    {shown.map((c, i) => (
                      <Typography component="li" variant="body2" key={`${c.stage}${c.field}${i}`} data-testid="history-change">
                        {c.stage !== slug && `${stageTitle(c.stage)} › `}
                        {c.internal ? t('configPages.stagePage.internalNotes') : label(c.stage, c.field) || stageTitle(c.stage)}: {value(c, 'old')} → {value(c, 'new')}
                      </Typography>
                    ))}
                    {changes.length > shown.length && (
                      <Typography component="li" variant="body2" color="text.secondary">
                        {t('configPages.stagePage.moreChanges', { count: changes.length - shown.length })}
                      </Typography>
                    )}
                  </Box>
                )}
                {!open && (changes.length > shown.length || changes.some((c) => c.large)) && (
                  <Button size="small" sx={{ mt: 0.5, mr: 1 }} onClick={() => void showAll(rev)} data-testid="history-show-all">
                    {t('configPages.stagePage.showAllChanges')}
                  </Button>
                )}
                {canRestore && rev.stage === slug && RESTORABLE.has(rev.action) && (
                  <Button size="small" sx={{ mt: 0.5 }} onClick={() => setConfirm(rev)} data-testid="history-restore">
                    {t('configPages.stagePage.restore')}
                  </Button>
                )}
              </ListItem>
            );
          })}
        </List>
        {loading && <LoadingBar sx={{ my: 1 }} />}
        {more && !loading && (
          <>
            <Divider sx={{ my: 1 }} />
            <Button onClick={() => void load(page + 1, revisions)} data-testid="history-more">
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
        {`${t('configPages.stagePage.restoreText')}${unsent ? ` ${t('configPages.stagePage.restoreReplacesUnsent')}` : ''}`}
      </ConfirmDialog>
    </Drawer>
  );
}
