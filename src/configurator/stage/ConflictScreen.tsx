import { Alert, AlertTitle, Box, Button, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { valueText } from '../dashboard/summary';
import { withCatalogue, type Catalogue, type CompanyFacts } from '../../../engine';
import { changeLine } from './changeLines';
import { getAtPointer, type FieldChange } from './diff';
import { formatDateTime } from '../../i18n/format';

/** One field that changed since the user's base: their value beside the current one. */
export interface ConflictChange {
  /** The change (server's, or the user's own for `by: 'mine'`), its rows matched by id. */
  change: FieldChange;
  mine: unknown;
  current: unknown;
  /** Who changed it: the server only, both (the user's value replaces the server's if they keep theirs), or the user only. */
  by: 'server' | 'both' | 'mine';
}

export interface ConflictScreenProps {
  slug: string;
  /** The stage versions the config is pinned to (labels of fields a later version added). */
  catalogue?: Catalogue;
  /** The config's company (its region): a `visibleIf` reads it as `$company`, so fields hidden for it are left out. */
  company?: CompanyFacts;
  kind: 'conflict' | 'unsent';
  changes: ConflictChange[];
  /** The server's current config data (names rows and the items ids point at). */
  doc: Record<string, unknown>;
  /** The user's stage data (names the rows only they changed). */
  mine: unknown;
  /** When the unsent edits were kept (kind 'unsent'). */
  savedAt?: number;
  onKeep(): void;
  onDiscard(): void;
  busy?: boolean;
}

/**
 * Shown instead of the form when the server has newer data than the user's edits (a 409, or unsent
 * edits from an earlier visit): what changed on the server, field by field, and the two ways on.
 * Nothing is written until the user chooses.
 */
export function ConflictScreen({ slug, kind, changes, doc, mine, savedAt, onKeep, onDiscard, busy, catalogue, company }: ConflictScreenProps) {
  const { t, i18n } = useTranslation(['common', 'configurator']);
  const p = `configPages.stagePage.${kind}`;
  // A phone has no room for three columns: one card per field instead.
  const narrow = useMediaQuery(useTheme().breakpoints.down('sm'));
  // Labelled like the overview (rows by name, ids by the items' names); hidden fields left out.
  const rows = withCatalogue(catalogue, () => changes.flatMap((c) => {
    const current = (ptr: string) => getAtPointer(doc[slug], ptr);
    const own = (ptr: string) => getAtPointer(mine, ptr);
    const rowAt = (ptr: string) => (c.by === 'mine' ? own(ptr) ?? current(ptr) : current(ptr) ?? own(ptr));
    const line = changeLine(slug, c.change, { doc, rowAt, company }, t);
    if (!line) return [];
    const opts = { doc, rowAt, company };
    return [{ ...c, field: c.change.field, label: line.label, mineText: valueText(slug, c.change.field, c.mine, opts, t), currentText: valueText(slug, c.change.field, c.current, opts, t) }];
  }));
  const also = (c: ConflictChange) =>
    c.by !== 'server' && (
      <Typography variant="caption" component="div" color={c.by === 'both' ? 'warning.main' : 'text.secondary'} data-testid="conflict-by" data-by={c.by}>
        {t(c.by === 'both' ? 'configPages.stagePage.alsoYours' : 'configPages.stagePage.onlyYours')}
      </Typography>
    );
  return (
    <Box data-testid="stage-conflict" data-kind={kind}>
      <Alert severity="warning" sx={{ mb: 2 }}>
        <AlertTitle>{t(`${p}Title`)}</AlertTitle>
        {t(`${p}Text`, { time: formatDateTime(savedAt, i18n.language) })}
      </Alert>
      {narrow ? (
        <Box sx={{ display: 'grid', gap: 1, mb: 2 }}>
          {rows.map((c) => (
            <Paper key={`${c.by}${c.field}`} variant="outlined" sx={{ p: 1.5 }} data-testid="conflict-row" data-field={c.field}>
              <Typography variant="subtitle2">{c.label}</Typography>
              {also(c)}
              <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
                {t('configPages.stagePage.yours')}: <span data-testid="conflict-mine">{c.mineText}</span>
              </Typography>
              <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
                {t('configPages.stagePage.current')}: <span data-testid="conflict-current">{c.currentText}</span>
              </Typography>
            </Paper>
          ))}
        </Box>
      ) : (
        <Table size="small" aria-label={t(`${p}Title`)} sx={{ mb: 2 }}>
          <TableHead>
            <TableRow>
              <TableCell component="th">{t('configPages.stagePage.field')}</TableCell>
              <TableCell component="th">{t('configPages.stagePage.yours')}</TableCell>
              <TableCell component="th">{t('configPages.stagePage.current')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((c) => (
              <TableRow key={`${c.by}${c.field}`} data-testid="conflict-row" data-field={c.field}>
                <TableCell>
                  {c.label}
                  {also(c)}
                </TableCell>
                <TableCell data-testid="conflict-mine" sx={{ wordBreak: 'break-word' }}>{c.mineText}</TableCell>
                <TableCell data-testid="conflict-current" sx={{ wordBreak: 'break-word' }}>{c.currentText}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" onClick={onKeep} disabled={busy} data-testid="conflict-keep">
          {t(kind === 'conflict' ? 'configPages.stagePage.keepMine' : 'configPages.stagePage.restoreUnsent')}
        </Button>
        <Button variant="outlined" color="inherit" onClick={onDiscard} disabled={busy} data-testid="conflict-discard">
          {t(kind === 'conflict' ? 'configPages.stagePage.discardMine' : 'configPages.stagePage.discardUnsent')}
        </Button>
      </Box>
    </Box>
  );
}
