import PermMediaIcon from '@mui/icons-material/PermMedia';
import { Avatar, Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useInput, useRecordContext, type RaRecord } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../auth/permissions';
import { MediaPickerDialog } from '../forms/MediaPickerDialog';
import { initial } from '../layout/displayName';
import { useSession } from '../session/useSession';

type MediaRow = RaRecord & { id: number; guid: string; filename: string; mime: string; width: number | null; height: number | null; company_id: number | null; thumbnail_url: string | null; url: string };

/**
 * The user's avatar (spec section 3: `avatar`, `avatar_id`): the picture, a picker over the media
 * library's images the viewer sees (so it passed the library's upload checks), and Remove. The
 * field holds the file's address; the server takes a library address as a pick of that file and
 * checks it as it checks `avatar_id` (users/users.avatar.ts). An outside address set through the
 * API is shown as it is.
 */
export function AvatarInput() {
  const { t } = useTranslation();
  const { user } = useSession();
  const record = useRecordContext<RaRecord & { name?: string; email?: string }>();
  const { field } = useInput({ source: 'avatar', defaultValue: null });
  const [picking, setPicking] = useState(false);
  const address = (field.value as string | null) || null;
  const name = record?.name || record?.email || '';
  return (
    <Box sx={{ gridColumn: '1 / -1', mb: 2 }} data-testid="user-avatar">
      <Typography variant="subtitle2" component="p" id="user-avatar-label" sx={{ mb: 1 }}>
        {t('usersAdmin.avatar.title')}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Avatar src={address ?? undefined} alt={address ? t('usersAdmin.avatar.alt', { name }) : ''} sx={{ width: 56, height: 56 }} data-testid="user-avatar-picture">
          {initial({ name: record?.name, email: record?.email })}
        </Avatar>
        {hasPermission(user, 'view media') ? (
          <Button variant="outlined" startIcon={<PermMediaIcon />} onClick={() => setPicking(true)} aria-describedby="user-avatar-label" data-testid="user-avatar-choose">
            {t('usersAdmin.avatar.choose')}
          </Button>
        ) : null}
        {address ? (
          <Button onClick={() => field.onChange(null)} data-testid="user-avatar-remove">
            {t('usersAdmin.avatar.remove')}
          </Button>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('usersAdmin.avatar.none')}
          </Typography>
        )}
      </Stack>
      <MediaPickerDialog<MediaRow>
        open={picking}
        title={t('usersAdmin.avatar.pickTitle')}
        filter={{ mime: 'image' }}
        texts="usersAdmin.avatar"
        testId="avatar-picker"
        choiceTestId="avatar-choice"
        selected={(file) => file.url === address}
        onClose={() => setPicking(false)}
        onDone={([file]) => {
          setPicking(false);
          field.onChange(file.url);
        }}
      />
    </Box>
  );
}
