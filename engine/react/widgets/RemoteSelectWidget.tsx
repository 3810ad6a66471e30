import { useEffect, useMemo, useRef, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { labelValue, type WidgetProps } from '@rjsf/utils';
import type { RemoteOption, RemoteSearch, StageFormContext } from '../context';
import { useConfiguratorT } from '../i18n';
import { hiddenLabelName } from './hiddenLabel';
import { createRemoteSearchScheduler } from './remoteSearch';

type Option = RemoteOption;

/**
 * `"ui:widget": "remoteSelect"`: a select that searches a remote list as the user types (250 ms delay,
 * 500 ms debounce, 1 character minimum). The search function is injected: StageForm's `searchers`
 * prop, picked by `"ui:options": {"source": "<name>"}`. The value stored is the option's value (an id);
 * a stored id is shown by its label, asked of the searcher's `resolve` when the form opens.
 * @example { "dealerId": { "ui:widget": "remoteSelect", "ui:options": { "source": "companies" } } }
 */
export function RemoteSelectWidget(props: WidgetProps) {
  const { id, value, label, hideLabel, required, disabled, readonly, onChange, options, registry, rawErrors = [], placeholder } = props;
  const t = useConfiguratorT();
  const source = options.source as string | undefined;
  const searchers = (registry.formContext as Partial<StageFormContext> | undefined)?.searchers;
  const search: RemoteSearch | undefined = source ? searchers?.[source] : undefined;
  const [results, setResults] = useState<Option[]>([]);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<Option | null>(null);
  const searchRef = useRef(search);
  useEffect(() => {
    searchRef.current = search;
  }, [search]);
  const scheduler = useMemo(
    () =>
      createRemoteSearchScheduler(
        (term, signal) => {
          setLoading(true);
          return searchRef.current ? searchRef.current(term, signal) : Promise.resolve([]);
        },
        (r: Option[]) => {
          setResults(r);
          setLoading(false);
        },
        undefined,
        () => setLoading(false),
      ),
    [],
  );
  useEffect(() => () => scheduler.cancel(), [scheduler]);

  // A stored id reads as its label: asked once per value the widget cannot name yet. Until the
  // answer comes the input stays empty (with the spinner), so the bare id never shows; only a value
  // the searcher cannot name (no `resolve`, or it found nothing) is shown as it is stored.
  const [unnamed, setUnnamed] = useState<unknown>(undefined);
  const known = value === undefined || value === null || value === '' || selected?.value === value || results.some((o) => o.value === value);
  const resolving = !known && !!search?.resolve && unnamed !== value;
  useEffect(() => {
    if (known || !search?.resolve) return;
    const ctrl = new AbortController();
    search.resolve(value as string | number, ctrl.signal).then(
      (o) => {
        if (ctrl.signal.aborted) return;
        if (o) setSelected(o);
        else setUnnamed(value);
      },
      () => {
        if (!ctrl.signal.aborted) setUnnamed(value);
      },
    );
    return () => ctrl.abort();
  }, [known, search, value]);

  const current: Option | null =
    value === undefined || value === null || value === '' || resolving
      ? null
      : (results.find((o) => o.value === value) ?? (selected?.value === value ? selected : { value: value as string | number, label: String(value) }));

  // The chosen option stays among the options while other results show (as MUI's search-as-you-type
  // example does), or MUI warns that the value matches no option.
  const shown = current && !results.some((o) => o.value === current.value) ? [current, ...results] : results;

  return (
    <Autocomplete<Option>
      id={id}
      options={shown}
      value={current}
      loading={loading || resolving}
      // No search for its source (the viewer may not list it): nothing to choose from.
      disabled={disabled || readonly || !search}
      filterOptions={(x) => x}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      getOptionLabel={(o) => o.label}
      noOptionsText={t('form.noResults', { defaultValue: 'No results' })}
      onInputChange={(_, text, reason) => {
        if (reason === 'input') scheduler.input(text);
      }}
      onChange={(_, o) => {
        setSelected(o);
        onChange(o ? o.value : undefined);
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={labelValue(label, hideLabel)}
          required={required}
          placeholder={placeholder}
          error={rawErrors.length > 0}
          size="small"
          slotProps={{
            htmlInput: { ...params.inputProps, 'aria-label': hiddenLabelName(props) },
            input: {
              ...params.InputProps,
              endAdornment: (
                <>
                  {loading || resolving ? <CircularProgress color="inherit" size={16} /> : null}
                  {params.InputProps.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
