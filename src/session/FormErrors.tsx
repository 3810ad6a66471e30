import { Alert } from '@mui/material';

/** The messages of a failed client-side check, above the submit button. */
export function FormErrors({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <Alert severity="error" data-testid="form-error" sx={{ whiteSpace: 'pre-line' }}>
      {messages.join('\n')}
    </Alert>
  );
}
