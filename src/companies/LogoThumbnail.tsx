import BusinessIcon from '@mui/icons-material/Business';
import { styled } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The thumbnail address of a media guid (the server's GET /api/media/{guid}/thumbnail). */
const logoThumbnail = (guid: string) => `/api/media/${encodeURIComponent(guid)}/thumbnail`;

/*
 * One styled frame for every thumbnail, its styles made once: the companies list shows 25 of them,
 * and a `sx` per instance (frame, picture, sign) was serialised again for each, about 100 ms of a
 * cold list's first render (issue 26: a list's content under 800 ms). The size is the one value
 * that varies, set as the element's own width and height.
 */
const Frame = styled('span')(({ theme }) => ({
  flexShrink: 0,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: theme.shape.borderRadius,
  backgroundColor: theme.palette.action.hover,
  overflow: 'hidden',
  '& > img': { maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' },
  '& > svg': { width: '60%', height: '60%', color: theme.palette.text.disabled, fill: 'currentColor' },
}));

/** A small logo picture, or the company sign when there is none (or its file is gone). */
export function LogoThumbnail({ guid, name, size = 40 }: { guid: string | null | undefined; name: string; size?: number }) {
  const { t } = useTranslation();
  // The guid whose file failed to load: another guid (a new logo) is tried afresh.
  const [failed, setFailed] = useState<string | null>(null);
  const style = { width: size, height: size };
  if (!guid || failed === guid) {
    return (
      <Frame style={style} aria-hidden>
        <BusinessIcon />
      </Frame>
    );
  }
  return (
    <Frame style={style}>
      <img src={logoThumbnail(guid)} loading="lazy" decoding="async" alt={t('companiesAdmin.logo.alt', { name })} onError={() => setFailed(guid)} />
    </Frame>
  );
}
