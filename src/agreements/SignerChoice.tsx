import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Autocomplete, Box, Button, FormControl, FormControlLabel, FormHelperText, FormLabel, IconButton, Radio, RadioGroup, Stack, TextField, Typography } from '@mui/material';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AGREEMENT_SIGNERS_MAX } from '../../contract/agreements';
import { addSigner, inviteOf, moveSigner, signerKey, type SignerDraft } from './signerChoice';
import { searchCompanyUsers, searchStaff, type UserChoice } from './turnsApi';
import { useUserSearch } from './useUserSearch';

export interface SignerChoiceProps {
  companyId: number;
  /** Where the order form goes when nobody is chosen (the contact). */
  recipient: string;
  value: SignerDraft;
  onChange(next: SignerDraft): void;
  /** The server's 422s at `signers…` and `countersigner_id`, in words. */
  errors?: Record<string, string>;
  /** Replaces the user searches (stories, tests). */
  searchUsers?: (q: string, signal: AbortSignal) => Promise<UserChoice[]>;
  searchCountersigners?: (q: string, signal: AbortSignal) => Promise<UserChoice[]>;
}

const label = (u: UserChoice) => `${u.name} (${u.email})`;

/**
 * Who signs a sending (issue 57): users of the company picked by search, or someone invited by name
 * and email; their order changed with up and down buttons (reachable by keyboard, named for the
 * person); one after another or all at once; an optional countersigner from the staff.
 */
export function SignerChoice({ companyId, recipient, value, onChange, errors = {}, searchUsers, searchCountersigners }: SignerChoiceProps) {
  const { t } = useTranslation('agreementForm');
  const [userTerm, setUserTerm] = useState('');
  const [staffTerm, setStaffTerm] = useState('');
  const [invite, setInvite] = useState({ name: '', email: '' });
  const [inviteProblem, setInviteProblem] = useState('');
  const companySearch = useCallback((q: string, signal: AbortSignal) => (searchUsers ?? ((term, s) => searchCompanyUsers(companyId, term, s)))(q, signal), [companyId, searchUsers]);
  const staffSearch = useCallback((q: string, signal: AbortSignal) => (searchCountersigners ?? searchStaff)(q, signal), [searchCountersigners]);
  const users = useUserSearch(companySearch, userTerm);
  const staff = useUserSearch(staffSearch, staffTerm);
  const full = value.signers.length >= AGREEMENT_SIGNERS_MAX;
  const set = (next: Partial<SignerDraft>) => onChange({ ...value, ...next });
  const chosenKeys = new Set(value.signers.map(signerKey));
  const signersError = Object.entries(errors).find(([field]) => field.startsWith('signers'))?.[1];

  const addInvite = () => {
    const signer = inviteOf(invite.name, invite.email);
    if (!signer) return setInviteProblem(t('signers.inviteInvalid'));
    setInviteProblem('');
    set({ signers: addSigner(value.signers, signer) });
    setInvite({ name: '', email: '' });
  };

  return (
    <Stack spacing={2} data-testid="signer-choice" component="section" aria-labelledby="signer-choice-title">
      <Box>
        <Typography id="signer-choice-title" variant="subtitle1" component="h3">
          {t('signers.heading')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {recipient ? t('signers.intro', { recipient }) : t('signers.introNoRecipient')}
        </Typography>
      </Box>
      <Autocomplete<UserChoice>
        options={users.options.filter((u) => !chosenKeys.has(`u${u.id}`))}
        loading={users.loading}
        disabled={full}
        value={null}
        inputValue={userTerm}
        onInputChange={(_e, text, reason) => reason !== 'reset' && setUserTerm(text)}
        onChange={(_e, user) => {
          if (user) set({ signers: addSigner(value.signers, { kind: 'user', user_id: user.id, name: user.name, email: user.email }) });
          setUserTerm('');
        }}
        getOptionLabel={label}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        filterOptions={(x) => x}
        noOptionsText={t('signers.noUsers')}
        renderInput={(params) => <TextField {...params} label={t('signers.pickUser')} helperText={full ? t('signers.max', { max: AGREEMENT_SIGNERS_MAX }) : undefined} slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': 'signer-search' } }} />}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'flex-start' }}>
        <TextField size="small" label={t('signers.inviteName')} value={invite.name} onChange={(e) => setInvite((v) => ({ ...v, name: e.target.value }))} disabled={full} slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'signer-invite-name' } }} sx={{ flex: 1 }} />
        <TextField
          size="small"
          type="email"
          label={t('signers.inviteEmail')}
          value={invite.email}
          onChange={(e) => setInvite((v) => ({ ...v, email: e.target.value }))}
          disabled={full}
          error={Boolean(inviteProblem)}
          helperText={inviteProblem || undefined}
          slotProps={{ htmlInput: { maxLength: 254, 'data-testid': 'signer-invite-email' } }}
          sx={{ flex: 1.4 }}
        />
        <Button variant="outlined" startIcon={<PersonAddIcon />} onClick={addInvite} disabled={full} data-testid="signer-invite" sx={{ whiteSpace: 'nowrap', minHeight: 40 }}>
          {t('signers.invite')}
        </Button>
      </Stack>
      {value.signers.length > 0 && (
        <Box>
          <Typography variant="body2" component="h4" id="signer-order-title" sx={{ fontWeight: 500, mb: 0.5 }}>
            {t('signers.chosen')}
          </Typography>
          <Box component="ol" aria-labelledby="signer-order-title" data-testid="signer-order" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}>
            {value.signers.map((s, i) => (
              <Box component="li" key={signerKey(s)} data-testid="signer-row" sx={{ display: 'flex', alignItems: 'center', gap: 1, border: 1, borderColor: 'divider', borderRadius: 1, pl: 1.5, pr: 0.5, py: 0.5 }}>
                <Typography component="span" sx={{ fontWeight: 600, minWidth: '1.5em' }} aria-hidden>
                  {i + 1}.
                </Typography>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {s.name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere', display: 'block' }}>
                    {s.email}
                    {s.kind === 'invite' && ` · ${t('signers.invited')}`}
                  </Typography>
                </Box>
                <IconButton size="small" aria-label={t('signers.up', { name: s.name })} disabled={i === 0} onClick={() => set({ signers: moveSigner(value.signers, i, -1) })} data-testid="signer-up">
                  <ArrowUpwardIcon fontSize="small" />
                </IconButton>
                <IconButton size="small" aria-label={t('signers.down', { name: s.name })} disabled={i === value.signers.length - 1} onClick={() => set({ signers: moveSigner(value.signers, i, 1) })} data-testid="signer-down">
                  <ArrowDownwardIcon fontSize="small" />
                </IconButton>
                <IconButton size="small" aria-label={t('signers.remove', { name: s.name })} onClick={() => set({ signers: value.signers.filter((_, j) => j !== i) })} data-testid="signer-remove">
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Box>
            ))}
          </Box>
          {signersError && <FormHelperText error>{signersError}</FormHelperText>}
        </Box>
      )}
      {value.signers.length > 1 && (
        <FormControl>
          <FormLabel id="signer-routing-label">{t('signers.routing')}</FormLabel>
          <RadioGroup aria-labelledby="signer-routing-label" value={value.routing} onChange={(e) => set({ routing: e.target.value as SignerDraft['routing'] })}>
            <FormControlLabel value="sequential" control={<Radio slotProps={{ input: { 'data-testid': 'routing-sequential' } as object }} />} label={t('signers.sequential')} />
            <FormControlLabel value="parallel" control={<Radio slotProps={{ input: { 'data-testid': 'routing-parallel' } as object }} />} label={t('signers.parallel')} />
          </RadioGroup>
        </FormControl>
      )}
      <Autocomplete<UserChoice>
        options={staff.options}
        loading={staff.loading}
        value={value.countersigner}
        inputValue={staffTerm}
        onInputChange={(_e, text) => setStaffTerm(text)}
        onChange={(_e, user) => set({ countersigner: user })}
        getOptionLabel={label}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        filterOptions={(x) => x}
        noOptionsText={t('signers.noUsers')}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('signers.countersigner')}
            placeholder={t('signers.countersignerNone')}
            error={Boolean(errors.countersigner_id)}
            helperText={errors.countersigner_id ?? t('signers.countersignerHelp')}
            slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': 'countersigner-search' }, inputLabel: { shrink: true } }}
          />
        )}
      />
    </Stack>
  );
}
