import { Alert, AlertTitle, Box, Button, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { getStageUi } from '../../../engine/react';
import { displayValue, pointerLabel } from './labels';

/** One field the server changed since the user's base: their value beside the current one. */
export interface ServerChange {
  field: string;
  mine: unknown;
  current: unknown;
  /** The user changed this field too (their value replaces the server's if they keep theirs). */
  alsoMine: boolean;
}

export interface ConflictScreenProps {
  slug: string;
  kind: 'conflict' | 'unsent';
  changes: ServerChange[];
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
export function ConflictScreen({ slug, kind, changes, savedAt, onKeep, onDiscard, busy }: ConflictScreenProps) {
  const { t, i18n } = useTranslation(['common', 'configurator']);
  const schema = getStageUi(slug).schema;
  const p = `configPages.stagePage.${kind}`;
  // A phone has no room for three columns: one card per field instead.
  const narrow = useMediaQuery(useTheme().breakpoints.down('sm'));
  const also = (c: ServerChange) =>
    c.alsoMine && (
      <Typography variant="caption" component="div" color="warning.main">
        {t('configPages.stagePage.alsoYours')}
      </Typography>
    );
  return (
    <Box data-testid="stage-conflict" data-kind={kind}>
      <Alert severity="warning" sx={{ mb: 2 }}>
        <AlertTitle>{t(`${p}Title`)}</AlertTitle>
        {t(`${p}Text`, { time: savedAt ? new Date(savedAt).toLocaleString(i18n.language) : '' })}
      </Alert>
      {narrow ? (
        <Box sx={{ display: 'grid', gap: 1, mb: 2 }}>
          {changes.map((c) => (
            <Paper key={c.field} variant="outlined" sx={{ p: 1.5 }} data-testid="conflict-row" data-field={c.field}>
              <Typography variant="subtitle2">{pointerLabel(schema, c.field, t)}</Typography>
              {also(c)}
              <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
                {t('configPages.stagePage.yours')}: <span data-testid="conflict-mine">{displayValue(c.mine, t)}</span>
              </Typography>
              <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
                {t('configPages.stagePage.current')}: <span data-testid="conflict-current">{displayValue(c.current, t)}</span>
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
            {changes.map((c) => (
              <TableRow key={c.field} data-testid="conflict-row" data-field={c.field}>
                <TableCell>
                  {pointerLabel(schema, c.field, t)}
                  {also(c)}
                </TableCell>
                <TableCell data-testid="conflict-mine" sx={{ wordBreak: 'break-word' }}>{displayValue(c.mine, t)}</TableCell>
                <TableCell data-testid="conflict-current" sx={{ wordBreak: 'break-word' }}>{displayValue(c.current, t)}</TableCell>
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
