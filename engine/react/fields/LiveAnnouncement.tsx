import { useCallback, useState } from 'react';
import Box from '@mui/material/Box';
import visuallyHidden from '@mui/utils/visuallyHidden';

interface Message {
  text: string;
  /** Counts announcements, so the same words twice are still a new node (and read again). */
  n: number;
}

/**
 * What a polite live region says: `announce(text)` replaces it. Render `<LiveAnnouncement message={message} />`
 * from the first render on: screen readers only read changes to a region already in the page.
 * @example const { message, announce } = useAnnouncer(); announce(t('form.moved', { position: 3, total: 7 }))
 */
export function useAnnouncer() {
  const [message, setMessage] = useState<Message | null>(null);
  const announce = useCallback((text: string) => setMessage((m) => ({ text, n: (m?.n ?? 0) + 1 })), []);
  return { message, announce };
}

/** A visually hidden `aria-live="polite"` status region reading `message` out when it changes. */
export function LiveAnnouncement({ message }: { message: Message | null }) {
  return (
    <Box role="status" aria-live="polite" aria-atomic="true" sx={visuallyHidden}>
      {message && <span key={message.n}>{message.text}</span>}
    </Box>
  );
}
