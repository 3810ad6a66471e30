import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Autocomplete, Box, Button, Card, CardContent, Checkbox, FormControlLabel, Link, Step, StepLabel, Stepper, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { languageForRegion, makesHidden, validateRegisterStep1, validateRegisterStep2, visibleRegions } from '../../../engine/accounts';
import { useDataWords } from '../../i18n/dataWords';
import { session } from '../../session/session';
import { UnsavedChangesPrompt } from '../../routing/UnsavedChangesPrompt';
import type { ArrivalState } from '../../routing/arrival';
import { registerStep2Problems } from '../../session/accountErrors';
import { FormErrors } from '../../session/FormErrors';
import { useAccountForm } from '../../session/useAccountForm';
import { useTerms, type TaxonomyTerm } from './useTerms';

/**
 * Registration in two steps (spec sections 4 and 5): region and company type, then the account.
 * USA regions are hidden; the region sets the company language; makes are required unless the
 * type is Independent (6), where they are hidden. The terms box starts unticked: consent is the
 * user's own act, never a default (the spec's 'default true' would be unlawful). On success the user
 * is signed in and sent to Dashboard (the guard then sends them on by company stage).
 */
export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const regions = useTerms('region');
  const types = useTerms('type');
  const makes = useTerms('make');
  const words = useDataWords();

  const [step, setStep] = useState<0 | 1>(0);
  const [region, setRegion] = useState('');
  const [type, setType] = useState('');
  const [companyName, setCompanyName] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [chosenMakes, setChosenMakes] = useState<TaxonomyTerm[]>([]);
  const [acceptTerms, setAcceptTerms] = useState(false);
  const step2Input = { companyName, name, email, password, acceptTerms, makes: chosenMakes.map((m) => m.id), type };
  // The problems as the fields are now: what a submit flagged clears as the user puts it right.
  const form = useAccountForm(
    step === 0 ? validateRegisterStep1({ region, type }).errors : registerStep2Problems(step2Input),
  );
  const [registered, setRegistered] = useState(false);
  // Typed account details are worth a prompt before leaving; a bare region/type choice is not.
  const dirty = !registered && [companyName, name, email, password].some((v) => v !== '');

  // Navigate only once the prompt has re-rendered without `dirty`, or it would block this very move.
  useEffect(() => {
    if (registered) navigate('/dashboard', { state: { from: 'Register' } satisfies ArrivalState });
  }, [registered, navigate]);

  // Countries and company types in the reader's language, in the reader's alphabetical order.
  const regionChoices = useMemo(
    () => visibleRegions(regions.terms).map((r) => ({ ...r, label: words.term('region', r) })).sort((a, b) => words.compare(a.label, b.label)),
    [regions.terms, words],
  );
  const typeChoices = useMemo(() => types.terms.map((r) => ({ ...r, label: words.term('type', r) })).sort((a, b) => words.compare(a.label, b.label)), [types.terms, words]);
  const makeChoices = useMemo(() => [...makes.terms].sort((a, b) => words.compare(a.name, b.name)), [makes.terms, words]);
  // The region decides the company's language (spec section 5).
  const lang = languageForRegion(regionChoices.find((r) => String(r.id) === region)?.slug);
  const hideMakes = makesHidden(Number(type) || null);

  const next = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(validateRegisterStep1({ region, type }), async () => setStep(1));
  };

  const back = () => {
    form.clear();
    setStep(0);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(
      validateRegisterStep2(step2Input),
      async (v) => {
        await session.register({
          user: { name: v.name, email: v.email, password: v.password, primary: 1 },
          company: { name: v.companyName, lang },
          terms: [Number(region), Number(type), ...v.makes],
          // Only reached once the user ticked the box (validateRegisterStep2 refuses it unticked).
          accept_terms: true,
        });
        setRegistered(true);
      },
    );
  };

  return (
    <Box sx={{ maxWidth: 560, mx: 'auto', py: { xs: 2, md: 4 } }}>
      <UnsavedChangesPrompt when={dirty} />
      <Card variant="outlined">
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="h5" component="h1">
            {t('register.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('register.intro')}
          </Typography>
          <Stepper activeStep={step} alternativeLabel>
            <Step>
              <StepLabel>{t('register.step1')}</StepLabel>
            </Step>
            <Step>
              <StepLabel>{t('register.step2')}</StepLabel>
            </Step>
          </Stepper>

          {step === 0 ? (
            <Box component="form" noValidate onSubmit={next} data-testid="register-step-1" sx={{ display: 'grid', gap: 2 }}>
              <TextField
                select
                label={t('register.region')}
                value={region}
                onChange={(e) => setRegion(e.target.value)}
                error={form.flagged.has('region')}
                required
                slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'register-region' } }}
              >
                <option value="">{t('register.choose')}</option>
                {regionChoices.map((r) => (
                  <option key={r.id} value={String(r.id)}>
                    {r.label}
                  </option>
                ))}
              </TextField>
              <TextField
                select
                label={t('register.type')}
                value={type}
                onChange={(e) => setType(e.target.value)}
                error={form.flagged.has('type')}
                required
                slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'register-type' } }}
              >
                <option value="">{t('register.choose')}</option>
                {typeChoices.map((term) => (
                  <option key={term.id} value={String(term.id)}>
                    {term.label}
                  </option>
                ))}
              </TextField>
              <FormErrors messages={form.messages} />
              <Button type="submit" variant="contained" size="large">
                {t('register.next')}
              </Button>
            </Box>
          ) : (
            <Box component="form" noValidate onSubmit={submit} data-testid="register-step-2" sx={{ display: 'grid', gap: 2 }}>
              <TextField label={t('register.companyName')} name="companyName" value={companyName} onChange={(e) => setCompanyName(e.target.value)} error={form.flagged.has('companyName')} required autoFocus />
              <TextField label={t('register.name')} name="name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} error={form.flagged.has('name')} required />
              <TextField label={t('register.email')} name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={form.flagged.has('email')} required />
              <TextField
                label={t('register.password')}
                name="password"
                type="password"
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                error={form.flagged.has('password')}
                helperText={t('register.passwordHint')}
                required
              />
              {!hideMakes && (
                <Autocomplete
                  multiple
                  options={makeChoices}
                  loading={makes.loading}
                  value={chosenMakes}
                  onChange={(_, value) => setChosenMakes(value)}
                  getOptionLabel={(option) => option.name}
                  isOptionEqualToValue={(a, b) => a.id === b.id}
                  data-testid="register-makes"
                  renderInput={(params) => <TextField {...params} label={t('register.makes')} error={form.flagged.has('makes')} required={chosenMakes.length === 0} />}
                />
              )}
              <FormControlLabel
                control={<Checkbox checked={acceptTerms} onChange={(e) => setAcceptTerms(e.target.checked)} name="acceptTerms" />}
                label={
                  <span>
                    {t('register.acceptTerms')}{' '}
                    <Link component={RouterLink} to="/terms-conditions" target="_blank" rel="noopener">
                      {t('footer.terms')}
                    </Link>
                  </span>
                }
              />
              <FormErrors messages={form.messages} />
              <Box sx={{ display: 'flex', gap: 2 }}>
                <Button variant="outlined" onClick={back} sx={{ flex: 1 }}>
                  {t('register.back')}
                </Button>
                <Button type="submit" variant="contained" disabled={form.busy} sx={{ flex: 2 }}>
                  {t('register.submit')}
                </Button>
              </Box>
            </Box>
          )}

          <Typography variant="body2">
            {t('register.haveAccount')}{' '}
            <Link component={RouterLink} to="/login">
              {t('register.toLogin')}
            </Link>
          </Typography>
        </CardContent>
      </Card>
    </Box>
  );
}
