import ArchiveIcon from '@mui/icons-material/Archive';
import { IconButton, Tooltip } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../layout/ConfirmDialog';
import { archiveAgreement, type AgreementListItem } from '../api';

/** Archive one agreement, asked first in the app's ConfirmDialog; the list reads again after it. */
export function ArchiveButton({ record }: { record: AgreementListItem }) {
  const { t } = useTranslation('agreementForm');
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState(false);
  const archive = useMutation({
    mutationFn: () => archiveAgreement(record.id),
    retry: false,
    onSuccess: () => {
      notify(t('list.archived'), { type: 'success' });
      refresh();
    },
  });
  if (record.archived) return null;
  return (
    <>
      <Tooltip title={t('list.archive')}>
        <IconButton
          aria-label={t('list.archiveNamed', { name: record.name })}
          onClick={(e) => {
            // The row opens the agreement; this button only asks.
            e.stopPropagation();
            setAsking(true);
          }}
          data-testid="agreement-archive"
        >
          <ArchiveIcon />
        </IconButton>
      </Tooltip>
      {/* React passes a portal's clicks up its component tree: the dialog's buttons must not open the row. */}
      <span onClick={(e) => e.stopPropagation()}>
      <ConfirmDialog
        open={asking}
        title={t('list.archiveTitle', { name: record.name })}
        confirmLabel={t('list.archive')}
        tone="warning"
        onClose={() => setAsking(false)}
        onConfirm={() => archive.mutateAsync().catch(() => undefined)}
        testId="agreement-archive-dialog"
      >
        {t('list.archiveText')}
      </ConfirmDialog>
      </span>
    </>
  );
}
