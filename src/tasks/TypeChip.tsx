import { Avatar, Chip } from '@mui/material';
import type { LocalNames } from '../../contract/names';
import { useDataWords } from '../i18n/dataWords';

// Both take the type's name as stored and its words per locale (`names`), and show it in the reader's
// words (staff's for the reader's locale, else a seeded type translated).

/** A task type as the lists show it: its icon (or its initial) and its name. */
export function TypeChip({ name: stored, names, iconUrl, size = 'small' }: { name: string; names?: LocalNames | null; iconUrl: string | null; size?: 'small' | 'medium' }) {
  const name = useDataWords().taskType({ name: stored, names });
  const avatar = iconUrl ? <Avatar src={iconUrl} alt="" variant="rounded" /> : <Avatar variant="rounded">{name.slice(0, 1).toUpperCase()}</Avatar>;
  return <Chip size={size} variant="outlined" avatar={avatar} label={name} data-testid="type-chip" sx={{ maxWidth: '100%' }} />;
}

/** A type's icon alone, at `size` pixels, named for screen readers by the type. */
export function TypeIcon({ name: stored, names, iconUrl, size = 32 }: { name: string; names?: LocalNames | null; iconUrl: string | null; size?: number }) {
  const name = useDataWords().taskType({ name: stored, names });
  return iconUrl ? (
    <Avatar src={iconUrl} alt={name} variant="rounded" sx={{ width: size, height: size }} />
  ) : (
    <Avatar variant="rounded" aria-label={name} sx={{ width: size, height: size, fontSize: size / 2 }}>
      {name.slice(0, 1).toUpperCase()}
    </Avatar>
  );
}
