/**
 * /migration ('manage configs'; issue 30): staff load a legacy dealer export (JSON or CSV, or the
 * shipped demo file), choose the company and config it maps to, read the dry run, then import it
 * with a progress bar and Cancel; the result links to the config (server/migration/README.md).
 */
import { useEffect, useState, type ChangeEvent } from 'react';
import { Alert, Autocomplete, Box, Button, Checkbox, FormControl, FormControlLabel, InputLabel, LinearProgress, MenuItem, Paper, Select, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { HttpError } from '../http';
import { pageConfigs, searchCompanies, type CompanyOption, type ConfigRow } from '../data/configs';
import { cancelJob, dryRun, getJob, sampleFile, startImport, type ImportJob, type MigrationReport } from './api';
import { DryRunReport } from './DryRunReport';

/** How often the page asks for an import's progress. */
const POLL_MS = 250;

const failure = (err: unknown) => (err instanceof HttpError ? err.messages.join(' ') || err.message : String((err as Error)?.message ?? err));

export default function MigrationPage() {
  const { t } = useTranslation('migration');
  const [file, setFile] = useState<{ name: string; content: string } | null>(null);
  const [companies, setCompanies] = useState<CompanyOption[]>([]);
  const [company, setCompany] = useState<CompanyOption | null>(null);
  const [configs, setConfigs] = useState<ConfigRow[]>([]);
  const [config, setConfig] = useState<ConfigRow | null>(null);
  const [report, setReport] = useState<MigrationReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [skip, setSkip] = useState(false);
  const [job, setJob] = useState<ImportJob | null>(null);

  const [query, setQuery] = useState('');
  useEffect(() => {
    const ask = new AbortController();
    // Typing searches the companies (the API's q), a little after the last key.
    const timer = setTimeout(() => void searchCompanies(query, ask.signal).then(setCompanies, () => undefined), 200);
    return () => {
      clearTimeout(timer);
      ask.abort();
    };
  }, [query]);
  useEffect(() => {
    setConfig(null);
    setConfigs([]);
    if (!company) return;
    void pageConfigs({ status: 'active', sort: ['name', 'ASC'], page: 0, perPage: 100, companyId: company.id }).then((r) => setConfigs(r?.rows ?? []), () => setConfigs([]));
  }, [company]);

  // A new file or config makes the last report stale.
  useEffect(() => {
    setReport(null);
    setJob(null);
    setError(null);
  }, [file, config]);

  useEffect(() => {
    if (job?.status !== 'running') return;
    const timer = setTimeout(() => {
      void getJob(job.id).then((next) => next && setJob(next), (err: unknown) => setError(failure(err)));
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [job]);

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    if (chosen) setFile({ name: chosen.name, content: await chosen.text() });
  };
  const demo = async () => {
    try {
      setFile({ name: 'legacy-dealer.json', content: await sampleFile('json') });
    } catch (err) {
      setError(failure(err));
    }
  };
  const request = () => ({ file: file!, config: config!.guid, company: company?.guid ?? String(company?.id), skip_rejected: skip });

  const runDry = async () => {
    setBusy(true);
    setError(null);
    try {
      setReport((await dryRun(request())) ?? null);
    } catch (err) {
      setError(failure(err));
    } finally {
      setBusy(false);
    }
  };
  const runImport = async () => {
    setError(null);
    try {
      setJob((await startImport(request())) ?? null);
    } catch (err) {
      setError(failure(err));
    }
  };
  const cancel = async () => {
    if (job) setJob((await cancelJob(job.id).catch(() => undefined)) ?? job);
  };

  const running = job?.status === 'running';
  const percent = job && job.total ? Math.round((100 * job.processed) / job.total) : 0;
  const blocked = !!report && report.rejected > 0 && !skip;

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('intro')}
      </Typography>
      <Paper sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
          <Button variant="outlined" component="label" data-testid="migration-file">
            {t('chooseFile')}
            <input hidden type="file" accept=".json,.csv,application/json,text/csv" onChange={(e) => void pick(e)} />
          </Button>
          <Button onClick={() => void demo()} data-testid="migration-demo">
            {t('tryDemo')}
          </Button>
          <Button href="/api/migration/sample?format=csv" download>
            {t('downloadCsv')}
          </Button>
          <Typography data-testid="migration-file-name">{file ? t('fileChosen', { name: file.name }) : t('noFile')}</Typography>
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
          <Autocomplete
            sx={{ minWidth: 260 }}
            size="small"
            options={companies}
            value={company}
            getOptionLabel={(c) => c.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            filterOptions={(x) => x}
            onChange={(_e, c) => setCompany(c)}
            onInputChange={(_e, q, reason) => reason === 'input' && setQuery(q)}
            renderInput={(params) => <TextField {...params} label={t('company')} inputProps={{ ...params.inputProps, 'data-testid': 'migration-company' }} />}
          />
          <FormControl sx={{ minWidth: 260 }} size="small" disabled={!company}>
            <InputLabel id="migration-config-label">{t('config')}</InputLabel>
            <Select
              labelId="migration-config-label"
              label={t('config')}
              value={config ? String(config.id) : ''}
              onChange={(e) => setConfig(configs.find((c) => String(c.id) === e.target.value) ?? null)}
              data-testid="migration-config"
            >
              {configs.map((c) => (
                <MenuItem key={c.id} value={String(c.id)}>
                  {c.name}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <Button variant="contained" sx={{ whiteSpace: 'nowrap', flexShrink: 0 }} disabled={!file || !config || busy || running} onClick={() => void runDry()} data-testid="migration-dry-run">
            {t('dryRun')}
          </Button>
        </Stack>
      </Paper>
      {busy && <LinearProgress sx={{ mb: 2 }} />}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="migration-error">
          {error}
        </Alert>
      )}
      {report && (
        <Paper sx={{ p: 2, mb: 2 }}>
          <DryRunReport report={report} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }} sx={{ mt: 2 }}>
            {report.rejected > 0 && <FormControlLabel control={<Checkbox checked={skip} onChange={(e) => setSkip(e.target.checked)} />} label={t('skipRejected', { count: report.rejected })} />}
            <Button variant="contained" color="primary" disabled={blocked || running || job?.status === 'done'} onClick={() => void runImport()} data-testid="migration-import">
              {t('import')}
            </Button>
            {running && (
              <Button color="warning" onClick={() => void cancel()} data-testid="migration-cancel">
                {t('cancel')}
              </Button>
            )}
          </Stack>
        </Paper>
      )}
      {job && (
        <Paper sx={{ p: 2 }} data-testid="migration-job" data-status={job.status}>
          {running && (
            <>
              <Typography>{t('progress', { processed: job.processed, total: job.total })}</Typography>
              <LinearProgress variant="determinate" value={percent} aria-label={t('progressLabel')} />
            </>
          )}
          {job.status === 'done' && (
            <Alert severity="success" data-testid="migration-done">
              {job.result?.changed ? t('done', { file: job.file }) : t('nothingToChange')}{' '}
              {config && (
                <Button component={RouterLink} to={`/configurator/${config.id}/overview`} data-testid="migration-open-config">
                  {t('openConfig')}
                </Button>
              )}
            </Alert>
          )}
          {job.status === 'cancelled' && <Alert severity="info">{t('cancelled')}</Alert>}
          {job.status === 'failed' && <Alert severity="error">{job.error?.message}</Alert>}
        </Paper>
      )}
    </Box>
  );
}
