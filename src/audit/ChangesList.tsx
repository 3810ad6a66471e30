import { Box, Typography } from '@mui/material';
import type { TFunction } from 'i18next';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '../../contract/audit';

/** A value as the entry holds it, shortened for the list: text as is, anything else as its JSON. */
export function shownValue(value: unknown, max = 120): string {
  if (value === null || value === undefined) return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The words for a part of a record (the table its row is in), or the table's name. */
export function partLabel(t: TFunction, part: string): string {
  return t(`auditLog.parts.${part}`, { defaultValue: part });
}

/**
 * The fields an entry changed, one line each: `field: before → after`; a secret only says it
 * changed, a file's bytes that they were replaced. Field names are the database's (they name the
 * data as stored, which is what an auditor compares with an export or a backup).
 */
export const ChangesList = memo(function ChangesList({ changes }: { changes: AuditEntry['changes'] }) {
  const { t } = useTranslation();
  const fields = Object.entries(changes);
  if (!fields.length) return <Typography variant="body2">—</Typography>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none' }}>
      {fields.map(([field, change]) => (
        <Typography component="li" variant="body2" key={field} sx={{ overflowWrap: 'anywhere' }}>
          <Box component="code" sx={{ fontSize: '0.8125rem', mr: 0.5 }}>
            {field}
          </Box>
          {change.masked ? t('auditLog.masked') : change.omitted ? t('auditLog.omitted') : `${shownValue(change.before)} → ${shownValue(change.after)}`}
        </Typography>
      ))}
    </Box>
  );
});
