import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Autocomplete, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { FRESH } from '../../data/queryPolicies';
import { useDebouncedValue } from '../../data/useDebouncedValue';
import { HttpError } from '../../http';
import { useSession } from '../../session/useSession';
import { searchCompanies, type CompanyOption } from '../../data/configs';
import { DESIGN_TYPES, type ConfigDetail } from '../api';
import { useCreateConfig } from '../useConfigWrites';
import { configKeys } from '../queryKeys';

export interface CreateConfigDialogProps {
  open: boolean;
  /** Staff pick the company; everyone else creates for their own company. */
  anyCompany: boolean;
  onClose(): void;
  onCreated(config: ConfigDetail): void;
}

type FieldName = 'name' | 'company' | 'design_type';

/** The company picker's remote search waits this long after typing (spec section 9). */
const COMPANY_SEARCH_DELAY_MS = 250;

/** The staff company picker: a remote search (250 ms after typing, spec section 9), the active company first. */
function CompanyPicker({ value, onChange, error }: { value: CompanyOption | null; onChange(c: CompanyOption | null): void; error: boolean }) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [asked] = useDebouncedValue(input, COMPANY_SEARCH_DELAY_MS);
  // The last list stays offered while the next search runs; a failed search offers none.
  const { data, isError, isFetching } = useQuery({
    queryKey: configKeys.companyOptions(asked),
    queryFn: ({ queryKey: [, , q], signal }) => searchCompanies(q, signal),
    ...FRESH,
    placeholderData: keepPreviousData,
  });
  const options = isError ? [] : (data ?? []);
  // Typed but not asked yet counts as loading, as the search is on its way.
  const loading = isFetching || input !== asked;
  return (
    <Autocomplete
      value={value}
      onChange={(_, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_, next) => setInput(next)}
      options={value && !options.some((o) => o.id === value.id) ? [value, ...options] : options}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(x) => x}
      loading={loading}
      noOptionsText={t('configPages.create.noCompanies')}
      renderInput={(params) => (
        <TextField {...params} label={t('configPages.create.company')} required error={error} slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': 'create-company' } }} />
      )}
    />
  );
}

/** Create a config: name, company (staff pick; a dealer's own company fixed), design type (spec sections 3 and 5). */
export function CreateConfigDialog({ open, anyCompany, onClose, onCreated }: CreateConfigDialogProps) {
  const { t, i18n } = useTranslation(['common', 'errors']);
  const { company: sessionCompany } = useSession();
  const own: CompanyOption | null = sessionCompany ? { id: sessionCompany.id, guid: sessionCompany.guid, name: sessionCompany.name } : null;
  const [name, setName] = useState('');
  const [company, setCompany] = useState<CompanyOption | null>(own);
  const [designType, setDesignType] = useState('');
  const [error, setError] = useState<string>();
  const [invalid, setInvalid] = useState<Set<FieldName>>(new Set());
  const creating = useCreateConfig();
  const busy = creating.isPending;

  // Each time it opens it starts empty (on the active or own company).
  useEffect(() => {
    if (!open) return;
    setName('');
    setDesignType('');
    setCompany(own);
    setError(undefined);
    setInvalid(new Set());
    // `own` is derived from the session; re-running on its identity would reset while typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const required = t('errors:configs.required');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const missing = new Set<FieldName>();
    if (!name.trim()) missing.add('name');
    if (!company) missing.add('company');
    if (!designType) missing.add('design_type');
    setInvalid(missing);
    if (missing.size) return setError(required);
    setError(undefined);
    try {
      const created = await creating.mutateAsync({ company: company!.guid ?? company!.id, config: { name: name.trim(), design_type: designType }, lang: i18n.language });
      if (created) onCreated(created);
    } catch (err) {
      if (err instanceof HttpError) {
        const fields = ((err.body as { errors?: Array<{ field?: string }> })?.errors ?? []).map((x) => x.field?.replace(/^config\./, ''));
        setInvalid(new Set(fields.filter((f): f is FieldName => f === 'name' || f === 'design_type')));
        setError(err.messages[0] ?? t('errors:unknown_error'));
      } else setError(t('errors:unknown_error'));
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="create-config-title" data-testid="create-config-dialog">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="create-config-title">{t('configPages.create.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && (
              <Alert severity="error" data-testid="create-config-error">
                {error}
              </Alert>
            )}
            <TextField
              label={t('configPages.create.name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              required
              autoFocus
              error={invalid.has('name')}
              slotProps={{ htmlInput: { maxLength: 150, 'data-testid': 'create-name' } }}
            />
            {anyCompany ? (
              <CompanyPicker value={company} onChange={setCompany} error={invalid.has('company')} />
            ) : (
              <TextField label={t('configPages.create.company')} value={own?.name ?? ''} disabled error={invalid.has('company')} slotProps={{ htmlInput: { 'data-testid': 'create-company-fixed' } }} />
            )}
            <TextField
              select
              label={t('configPages.create.designType')}
              value={designType}
              onChange={(e) => setDesignType(e.target.value)}
              required
              error={invalid.has('design_type')}
              slotProps={{ htmlInput: { 'data-testid': 'create-design-type' } }}
            >
              {DESIGN_TYPES.map((type) => (
                <MenuItem key={type} value={type} data-testid={`design-type-${type}`}>
                  {t(`configPages.designTypes.${type}`)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('configPages.dialog.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="create-config-submit">
            {t('configPages.create.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
