import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { localiseServerText } from '../../i18n/serverText';
import { verifyDocument, type VerifyOutcome } from './verifyApi';
import { VerifyResult } from './VerifyResult';

type State = { step: 'idle' } | { step: 'checking'; name: string } | { step: 'done'; name: string; outcome: VerifyOutcome };

/**
 * Route 'Verify Document' (`/verify-document`, no sign-in; issue 57): anyone drops or picks a PDF,
 * it is sent as it is to POST /api/verify-document, and the answer is shown in words
 * (VerifyResult); a file that is no PDF gets the server's message. The file leaves the browser only
 * for that check.
 */
export default function VerifyDocumentPage() {
  // errors: the server's messages in the reader's language (localiseServerText).
  const { t } = useTranslation(['agreementForm', 'errors']);
  const [state, setState] = useState<State>({ step: 'idle' });
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const localise = (texts: string[]) => (texts.length ? texts.map((text) => localiseServerText(text, t)) : [t('verify.failed')]);

  const check = async (file: File | undefined) => {
    if (!file) return;
    setState({ step: 'checking', name: file.name });
    const outcome = await verifyDocument(file, localise).catch((): VerifyOutcome => ({ problem: [t('verify.failed')] }));
    setState({ step: 'done', name: file.name, outcome });
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void check(event.dataTransfer.files[0]);
  };

  return (
    <Box sx={{ maxWidth: 760, mx: 'auto', py: { xs: 2, md: 5 }, px: { xs: 0, sm: 2 } }} data-testid="verify-document-page">
      <Typography variant="h4" component="h1" gutterBottom>
        {t('verify.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('verify.intro')}
      </Typography>
      <Paper
        variant="outlined"
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="verify-drop-zone"
        sx={{ border: 2, borderStyle: 'dashed', borderColor: over ? 'primary.main' : 'divider', bgcolor: over ? 'action.hover' : 'background.paper', borderRadius: 2, p: { xs: 3, sm: 5 }, textAlign: 'center', mb: 3 }}
      >
        <UploadFileIcon sx={{ fontSize: 48, color: over ? 'primary.main' : 'text.secondary' }} aria-hidden />
        <Typography sx={{ mb: 2 }}>{t('verify.drop')}</Typography>
        <Button variant="contained" component="label" startIcon={<UploadFileIcon />} disabled={state.step === 'checking'}>
          {t('verify.choose')}
          <input
            ref={input}
            hidden
            type="file"
            accept="application/pdf,.pdf"
            data-testid="verify-file"
            onChange={(event) => {
              void check(event.target.files?.[0]);
              // The same file can be chosen again.
              event.target.value = '';
            }}
          />
        </Button>
      </Paper>
      <Box aria-live="polite">
        {state.step === 'checking' && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} data-testid="verify-checking">
            <CircularProgress size={20} aria-hidden />
            <Typography>{t('verify.checking', { name: state.name })}</Typography>
          </Box>
        )}
        {state.step === 'done' &&
          ('answer' in state.outcome ? (
            <VerifyResult answer={state.outcome.answer} fileName={state.name} />
          ) : (
            <Alert severity="error" data-testid="verify-problem">
              {state.outcome.problem.join(' ')}
            </Alert>
          ))}
      </Box>
    </Box>
  );
}
