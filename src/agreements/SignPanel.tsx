import { Box, Button, Checkbox, FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SignatureInput } from './api';
import { SignaturePad } from './SignaturePad';

export interface SignPanelProps {
  /** The company the dealer signs for. */
  companyName: string;
  /** Issue 57: the provider's countersignature (the words speak for the provider, not the dealer). */
  countersign?: boolean;
  /** The SHA-256 of the document shown, sent back so the server knows what was read. */
  shownSha256: string;
  busy: boolean;
  /** The server's field errors by field (`signer_name`, `signature`, `accept`). */
  errors?: Record<string, string>;
  onSign(input: SignatureInput): void;
}

/**
 * The dealer's signature under the order form: full name and position, a signature drawn on the
 * pad or typed (a keyboard user types it), and the acceptance of the order form and its terms.
 * Submit only once each is there; the server checks the same and records the signature.
 */
export function SignPanel({ companyName, countersign = false, shownSha256, busy, errors = {}, onSign }: SignPanelProps) {
  const { t } = useTranslation('agreementForm');
  const [name, setName] = useState('');
  const [position, setPosition] = useState('');
  const [kind, setKind] = useState<'draw' | 'type'>('draw');
  const [image, setImage] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [accept, setAccept] = useState(false);
  const [tried, setTried] = useState(false);

  const missing = {
    name: !name.trim() ? t('sign.nameRequired') : errors.signer_name,
    signature: (kind === 'draw' ? !image : !typed.trim()) ? t('sign.signatureRequired') : errors.signature,
    accept: !accept ? t('sign.acceptRequired') : errors.accept,
  };
  const submit = () => {
    setTried(true);
    if (!name.trim() || (kind === 'draw' ? !image : !typed.trim()) || !accept) return;
    onSign({
      signer_name: name.trim(),
      ...(position.trim() ? { signer_position: position.trim() } : {}),
      signature: kind === 'draw' ? { kind: 'drawn', image: image! } : { kind: 'typed', text: typed.trim() },
      accept: true,
      shown_sha256: shownSha256,
    });
  };
  const shown = (key: keyof typeof missing) => (tried ? missing[key] : undefined);
  return (
    <Box component="section" aria-labelledby="sign-title" data-testid="sign-panel" sx={{ border: 2, borderColor: 'primary.main', borderRadius: 1, p: { xs: 2, sm: 3 }, bgcolor: 'background.paper' }}>
      <Typography variant="h5" component="h2" id="sign-title" gutterBottom>
        {t('sign.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t(countersign ? 'signers.countersignIntro' : 'sign.intro', { company: companyName })}
      </Typography>
      <Box component="form" noValidate onSubmit={(e) => { e.preventDefault(); submit(); }}>
        <Stack spacing={2} sx={{ maxWidth: 520 }}>
          <TextField label={t('sign.name')} required value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" error={Boolean(shown('name'))} helperText={shown('name') ?? ' '} slotProps={{ htmlInput: { 'data-testid': 'sign-name' } }} />
          <TextField label={t('sign.position')} value={position} onChange={(e) => setPosition(e.target.value)} autoComplete="organization-title" helperText={errors.signer_position ?? ' '} error={Boolean(errors.signer_position)} slotProps={{ htmlInput: { 'data-testid': 'sign-position' } }} />
          <FormControl error={Boolean(shown('signature'))}>
            <FormLabel id="sign-kind-label">{t('sign.kind')}</FormLabel>
            <RadioGroup row aria-labelledby="sign-kind-label" value={kind} onChange={(e) => setKind(e.target.value as 'draw' | 'type')}>
              <FormControlLabel value="draw" control={<Radio slotProps={{ input: { 'data-testid': 'sign-kind-draw' } as object }} />} label={t('sign.draw')} />
              <FormControlLabel value="type" control={<Radio slotProps={{ input: { 'data-testid': 'sign-kind-type' } as object }} />} label={t('sign.type')} />
            </RadioGroup>
            {kind === 'draw' ? (
              <SignaturePad onChange={setImage} disabled={busy} />
            ) : (
              <>
                <TextField label={t('sign.typed')} value={typed} onChange={(e) => setTyped(e.target.value)} slotProps={{ htmlInput: { 'data-testid': 'sign-typed' } }} sx={{ mt: 1 }} />
                {typed.trim() && (
                  <Typography aria-hidden sx={{ fontFamily: '"Brush Script MT", "Segoe Script", cursive', fontSize: 32, mt: 1, color: '#0d1b4c' }}>
                    {typed}
                  </Typography>
                )}
              </>
            )}
            {shown('signature') && <FormHelperText>{shown('signature')}</FormHelperText>}
          </FormControl>
          <FormControl error={Boolean(shown('accept'))}>
            <FormControlLabel control={<Checkbox checked={accept} onChange={(e) => setAccept(e.target.checked)} slotProps={{ input: { 'data-testid': 'sign-accept' } as object }} />} label={t(countersign ? 'signers.countersignAccept' : 'sign.accept', { company: companyName })} />
            {shown('accept') && <FormHelperText>{shown('accept')}</FormHelperText>}
          </FormControl>
          <Box>
            <Button type="submit" variant="contained" size="large" disabled={busy} data-testid="sign-submit">
              {t('sign.submit')}
            </Button>
          </Box>
        </Stack>
      </Box>
    </Box>
  );
}
