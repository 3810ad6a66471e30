import ImageIcon from '@mui/icons-material/ImageOutlined';
import { Box } from '@mui/material';
import { useCallback, useState } from 'react';
import type { PostMedia } from '../api';

/**
 * The media items a form field has seen (the record's, then each one picked), by id: the field holds
 * only ids (the names the server gives its errors), the thumbnails and names come from here.
 */
export function useKnownMedia(initial: Array<PostMedia | null | undefined>) {
  const [known, setKnown] = useState(() => new Map(initial.filter((m): m is PostMedia => Boolean(m)).map((m) => [m.id, m])));
  const remember = useCallback((items: PostMedia[]) => setKnown((map) => new Map([...map, ...items.map((m) => [m.id, m] as const)])), []);
  return { get: (id: number) => known.get(id), remember };
}

/** A small square thumbnail of a chosen image (decorative: its name is written beside it). */
export function MediaThumb({ media, size = 72 }: { media: PostMedia | undefined; size?: number }) {
  return (
    <Box sx={{ width: size, height: size, flexShrink: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', borderRadius: 1, bgcolor: 'action.hover', overflow: 'hidden' }}>
      {media?.thumbnail_url ? (
        <Box component="img" src={media.thumbnail_url} alt="" sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
      ) : (
        <ImageIcon sx={{ color: 'text.disabled' }} aria-hidden />
      )}
    </Box>
  );
}
