import CloseIcon from '@mui/icons-material/Close';
import { Dialog, IconButton, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { SearchApi, SearchHit } from './api';
import { SearchPanel } from './SearchPanel';
import { useSearch } from './useSearch';

interface Props {
  open: boolean;
  onClose: () => void;
  /** On a phone: the whole screen, with a close button beside the field (there is no Escape key). */
  fullScreen?: boolean;
  /** The API to search with (a test's); the app's by default. */
  api?: SearchApi;
}

/**
 * The search dialog (issue 58): the field and its results near the top of the screen (the list
 * grows downwards as results come), the whole screen on a phone. Its content is unmounted when it
 * closes, so each opening starts with an empty field.
 */
export function SearchDialog({ open, onClose, fullScreen = false, api }: Props) {
  const titleId = useId();
  const { t } = useTranslation('common', { keyPrefix: 'search' });
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      sx={{ '& .MuiDialog-container': { alignItems: 'flex-start' } }}
      slotProps={{ paper: { sx: fullScreen ? undefined : { mt: '10vh', maxHeight: '75vh' }, 'data-testid': 'search-dialog' } as object }}
    >
      <Typography id={titleId} component="h2" sx={visuallyHidden}>
        {t('label')}
      </Typography>
      <SearchBody onClose={onClose} phone={fullScreen} api={api} />
    </Dialog>
  );
}

function SearchBody({ onClose, phone, api }: { onClose: () => void; phone: boolean; api?: SearchApi }) {
  const { t } = useTranslation('common', { keyPrefix: 'search' });
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const view = useSearch(text, api);
  const open = (hit: SearchHit) => {
    onClose();
    navigate(hit.path);
  };
  const close = phone ? (
    <IconButton onClick={onClose} aria-label={t('close')} edge="end" data-testid="search-close">
      <CloseIcon />
    </IconButton>
  ) : null;
  return <SearchPanel text={text} onText={setText} view={view} onOpen={open} onClose={onClose} end={close} legend={!phone} />;
}
