import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Box, ButtonBase, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** What a tile shows of a media library file. */
export interface MediaChoiceFile {
  filename: string;
  thumbnail_url?: string | null;
  width?: number | null;
  height?: number | null;
}

export interface MediaChoiceTileProps {
  file: MediaChoiceFile;
  /** Chosen (a tick and a coloured border; aria-pressed for screen readers). */
  selected: boolean;
  onClick(): void;
  testId: string;
}

/**
 * One file in a media picker (the company logo, a showcase's images): its thumbnail, name and size
 * as a toggle button, inside the picker's `<ul>` grid.
 */
export function MediaChoiceTile({ file, selected, onClick, testId }: MediaChoiceTileProps) {
  const { t } = useTranslation();
  return (
    <Box component="li" sx={{ listStyle: 'none', minWidth: 0 }}>
      <ButtonBase
        onClick={onClick}
        aria-pressed={selected}
        data-testid={testId}
        data-filename={file.filename}
        sx={{
          width: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch', textAlign: 'left', borderRadius: 1, overflow: 'hidden',
          border: 2, borderColor: selected ? 'primary.main' : 'divider',
          '&:hover': { borderColor: 'primary.light' },
          '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        <Box sx={{ height: 96, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'action.hover', position: 'relative' }}>
          {/* The button's name is its visible text: the file name, then its size. */}
          {file.thumbnail_url ? <Box component="img" src={file.thumbnail_url} alt="" loading="lazy" sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} /> : null}
          {selected ? <CheckCircleIcon color="primary" sx={{ position: 'absolute', top: 4, right: 4, bgcolor: 'background.paper', borderRadius: '50%' }} /> : null}
        </Box>
        <Box sx={{ px: 1, py: 0.5 }}>
          <Typography variant="body2" noWrap title={file.filename}>
            {file.filename}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p" noWrap>
            {file.width && file.height ? t('mediaAdmin.dimensions', { width: file.width, height: file.height }) : ' '}
          </Typography>
        </Box>
      </ButtonBase>
    </Box>
  );
}
