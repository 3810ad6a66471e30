import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/Edit';
import ErrorIcon from '@mui/icons-material/Error';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import { Alert, Box, Button, Chip, CircularProgress, IconButton, List, ListItem, Stack, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DraftTestResult } from '../../../../contract/catalogue';
import type { StageTestCase } from '../../../../engine';
import { casesOf, CASE_LIMITS, removeCase, renameCase } from './caseFile';
import { differenceText } from './differenceText';
import { RenameCaseDialog } from './RenameCaseDialog';

export interface TestCasesPanelProps {
  slug: string;
  /** The draft's file as on screen: its `tests` are listed. */
  file: unknown;
  /** The last answer's results (`test_results`): null while the draft has problems, undefined before any run. */
  results: readonly DraftTestResult[] | null | undefined;
  /** A check of the file on screen is on its way: the results shown are of an earlier file. */
  running: boolean;
  /** The file with a case renamed or removed. */
  onChange: (file: unknown) => void;
  disabled?: boolean;
}

type Status = 'passed' | 'failed' | 'notRun';

function StatusChip({ status }: { status: Status }) {
  const { t } = useTranslation('configAdmin');
  if (status === 'passed') return <Chip size="small" color="success" icon={<CheckCircleIcon />} label={t('stages.testCases.passed')} />;
  if (status === 'failed') return <Chip size="small" color="error" icon={<ErrorIcon />} label={t('stages.testCases.failed')} />;
  return <Chip size="small" variant="outlined" icon={<HelpOutlineIcon />} label={t('stages.testCases.notRun')} />;
}

/** One case: its name, status, what failed, its data on demand, rename and remove. */
function CaseRow({ c, result, onRename, onRemove, disabled }: { c: StageTestCase; result: DraftTestResult | undefined; onRename: () => void; onRemove: () => void; disabled?: boolean }) {
  const { t } = useTranslation('configAdmin');
  const [open, setOpen] = useState(false);
  const status: Status = !result ? 'notRun' : result.passed ? 'passed' : 'failed';
  const dataId = `test-case-data-${c.id}`;
  return (
    <ListItem divider disableGutters sx={{ display: 'block' }} data-testid={`test-case-${c.id}`} data-status={status}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {c.name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {[c.id, t(`stages.testCases.mode.${c.mode ?? 'submit'}`), 'valid' in c.expect ? t('stages.testCases.expectsValid') : t('stages.testCases.expectsMessages', { count: c.expect.messages.length })].join(' · ')}
          </Typography>
        </Box>
        <StatusChip status={status} />
        <Tooltip title={t('stages.testCases.rename')}>
          <span>
            <IconButton size="small" aria-label={t('stages.testCases.renameCase', { name: c.name })} onClick={onRename} disabled={disabled}>
              <EditIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('stages.testCases.remove')}>
          <span>
            <IconButton size="small" aria-label={t('stages.testCases.removeCase', { name: c.name })} onClick={onRemove} disabled={disabled}>
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      {result && !result.passed && (
        <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 3, color: 'error.main' }} data-testid={`test-case-differences-${c.id}`}>
          {result.differences.map((d, i) => (
            <Typography component="li" variant="body2" key={i} sx={{ overflowWrap: 'anywhere' }}>
              {differenceText(d, t)}
            </Typography>
          ))}
        </Box>
      )}
      <Button size="small" onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls={dataId}>
        {open ? t('stages.testCases.hideData') : t('stages.testCases.showData')}
      </Button>
      {open && (
        <Box
          component="pre"
          id={dataId}
          tabIndex={0}
          aria-label={t('stages.testCases.dataOf', { name: c.name })}
          sx={{ m: 0, p: 1, maxHeight: 240, overflow: 'auto', fontSize: 12, bgcolor: 'action.hover', borderRadius: 1 }}
        >
          {JSON.stringify({ mode: c.mode, doc: c.doc, data: c.data, expect: c.expect, after: c.after }, null, 2)}
        </Box>
      )}
    </ListItem>
  );
}

/**
 * The stage's test cases (issue 56) with their results from the draft's last check (the server
 * runs them as a publish would, with the file on screen in place): passed or failed with what
 * differed, rename and remove (the draft changes; saving keeps it), and the cases of other stages
 * this draft breaks. New cases come from the preview ("Save this as a test case").
 */
export function TestCasesPanel({ slug, file, results, running, onChange, disabled }: TestCasesPanelProps) {
  const { t } = useTranslation('configAdmin');
  const [renaming, setRenaming] = useState<StageTestCase | null>(null);
  const cases = casesOf(file);
  const own = new Map((results ?? []).filter((r) => r.stage === slug).map((r) => [r.id, r]));
  const others = (results ?? []).filter((r) => r.stage !== slug && !r.passed);
  const failing = cases.filter((c) => own.get(c.id)?.passed === false).length;
  return (
    <Stack spacing={1} data-testid="test-cases-panel" aria-busy={running}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('stages.testCases.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" role="status" data-testid="test-cases-summary">
          {running ? (
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
              {/* Turning only (no shrinking stroke): the compositor draws it, so a spinner kept going while
                  staff type does not repaint the page each frame (that cost a keystroke 15-30 ms). */}
              <CircularProgress size={14} disableShrink aria-hidden />
              {t('stages.testCases.running')}
            </Box>
          ) : results === null ? (
            t('stages.testCases.notRunProblems')
          ) : cases.length ? (
            t('stages.testCases.summary', { count: cases.length, failing, max: CASE_LIMITS.cases })
          ) : null}
        </Typography>
      </Stack>
      {!cases.length && <Typography variant="body2" color="text.secondary">{t('stages.testCases.none')}</Typography>}
      {cases.length > 0 && (
        <List dense disablePadding>
          {cases.map((c) => (
            <CaseRow key={c.id} c={c} result={results ? own.get(c.id) : undefined} onRename={() => setRenaming(c)} onRemove={() => onChange(removeCase(file, c.id))} disabled={disabled} />
          ))}
        </List>
      )}
      {others.length > 0 && (
        <Alert severity="error" data-testid="test-cases-others">
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {t('stages.testCases.othersFail', { count: others.length })}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {others.map((r) => (
              <Typography component="li" variant="body2" key={`${r.stage}/${r.id}`} sx={{ overflowWrap: 'anywhere' }}>
                {t('stages.testCases.otherCase', { name: r.name, stage: r.stage })}: {r.differences.map((d) => differenceText(d, t)).join('; ')}
              </Typography>
            ))}
          </Box>
        </Alert>
      )}
      <RenameCaseDialog
        key={renaming?.id ?? ''}
        name={renaming?.name ?? null}
        onClose={() => setRenaming(null)}
        onRename={(name) => {
          if (renaming) onChange(renameCase(file, renaming.id, name));
          setRenaming(null);
        }}
      />
    </Stack>
  );
}
