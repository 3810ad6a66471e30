import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { COMMENT_MAX, type ReviewPerson } from './api';
import { MentionInput } from './MentionInput';

export interface CommentComposerProps {
  label: string;
  submitLabel: string;
  people: readonly ReviewPerson[];
  onNeedPeople?(): void;
  /** Sends the body (trimmed); true when the server took it: the box empties. */
  onSend(body: string): Promise<boolean>;
  initial?: string;
  onCancel?(): void;
  autoFocus?: boolean;
  testId?: string;
}

/** A comment box with its Send button (and Cancel when editing): at most COMMENT_MAX characters, never empty. */
export function CommentComposer({ label, submitLabel, people, onNeedPeople, onSend, initial = '', onCancel, autoFocus, testId = 'comment-input' }: CommentComposerProps) {
  const { t } = useTranslation('common');
  const [text, setText] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const body = text.trim();
  const tooLong = text.length > COMMENT_MAX;
  const send = async () => {
    if (!body || tooLong || busy) return;
    setBusy(true);
    setFailed(false);
    try {
      const ok = await onSend(body);
      if (ok) setText('');
      else setFailed(true);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  const error = tooLong ? t('configPages.review.tooLong', { max: COMMENT_MAX }) : failed ? t('configPages.review.writeFailed') : undefined;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <MentionInput
        label={label}
        value={text}
        onChange={setText}
        people={people}
        onNeedPeople={onNeedPeople}
        onSubmit={() => void send()}
        disabled={busy}
        autoFocus={autoFocus}
        error={error}
        helperText={t('configPages.review.mentionHint')}
        testId={testId}
      />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        {onCancel && (
          <Button size="small" onClick={onCancel} disabled={busy}>
            {t('configPages.review.cancel')}
          </Button>
        )}
        <Button size="small" variant="contained" onClick={() => void send()} disabled={!body || tooLong || busy} data-testid={`${testId}-send`}>
          {submitLabel}
        </Button>
      </Box>
    </Box>
  );
}
