import { Autocomplete, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FRESH, answered } from '../data/queryPolicies';
import { useDebouncedValue } from '../data/useDebouncedValue';
import { searchCompanies, searchUsers, type Choice } from './api';
import { trackerKeys } from './queryKeys';

export interface RemotePickerProps {
  kind: 'company' | 'user';
  label: string;
  value: Choice | null;
  onChange(choice: Choice | null): void;
  required?: boolean;
  error?: string;
  testId?: string;
}

/** A remote search select (spec section 7): companies by name (GET /companies) or users by name or email (GET /users), searched as the user types. */
export function RemotePicker({ kind, label, value, onChange, required, error, testId }: RemotePickerProps) {
  const { t } = useTranslation('tracker');
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text, 300);
  const { data = [], isFetching } = useQuery({
    queryKey: kind === 'company' ? trackerKeys.companySearch(q) : trackerKeys.userSearch(q),
    queryFn: async ({ signal }) => answered(await (kind === 'company' ? searchCompanies(q, signal) : searchUsers(q, signal))),
    ...FRESH,
    gcTime: 30_000,
  });
  return (
    <Autocomplete<Choice>
      options={data}
      value={value}
      loading={isFetching}
      filterOptions={(x) => x}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.name}
      renderOption={(props, o) => (
        <li {...props} key={o.id}>
          {o.email ? `${o.name} (${o.email})` : o.name}
        </li>
      )}
      onInputChange={(_e, v) => setText(v)}
      onChange={(_e, v) => onChange(v)}
      noOptionsText={t('picker.none')}
      loadingText={t('loading')}
      renderInput={(params) => <TextField {...params} label={label} required={required} error={Boolean(error)} helperText={error} slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': testId } }} />}
    />
  );
}
