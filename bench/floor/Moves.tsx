// The floor's in-page moves (issue 59, bench/moves.ts): the screens people move between all day,
// at the app's own addresses, as a plain single-page app would do them. A link or a page button
// changes the hash; the new screen mounts, fetches its reads (no cache: a move always asks again)
// and renders them plainly. No router, no react-query: a list of address patterns.
import { useEffect, useState, type ReactNode } from 'react';
import { Box, Button, LinearProgress, Link, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { read, resumeSession } from './api';

type Row = Record<string, unknown>;
const scalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);
const enc = (v: unknown) => encodeURIComponent(JSON.stringify(v));
/** "opening-hours" -> "Opening hours": the floor writes its words in. */
const words = (slug: string) => slug.charAt(0).toUpperCase() + slug.slice(1).replace(/-/g, ' ');

/** A list's rows as a table; the first column links to the row's screen. */
function Rows({ rows, columns, link }: { rows: Row[]; columns: string[]; link: (row: Row) => string }) {
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          {columns.map((c) => (
            <TableCell key={c}>{words(c)}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row, n) => (
          <TableRow key={String(row.id ?? n)}>
            {columns.map((c, i) => (
              <TableCell key={c}>{i === 0 ? <Link href={link(row)}>{String(row[c] ?? '')}</Link> : String(row[c] ?? '')}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** A record's scalar fields as a form. */
function Fields({ record }: { record: Row }) {
  return (
    <Box component="form" sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr', maxWidth: 900 }}>
      {Object.entries(record)
        .filter(([, v]) => scalar(v))
        .map(([k, v]) => (
          <TextField key={k} name={k} label={words(k)} defaultValue={String(v ?? '')} />
        ))}
    </Box>
  );
}

interface Route {
  pattern: RegExp;
  title: string;
  /** The screen's reads, asked side by side. */
  reads(m: RegExpMatchArray, query: URLSearchParams): string[];
  render(answers: unknown[], m: RegExpMatchArray, query: URLSearchParams): ReactNode;
}

const PER_PAGE = 25;

const ROUTES: Route[] = [
  {
    pattern: /^\/companies$/,
    title: 'Companies',
    reads: (_, q) => {
      const page = Number(q.get('page') ?? 1);
      return [`/api/companies?filter=${encodeURIComponent(q.get('filter') ?? '{}')}&range=${enc([(page - 1) * PER_PAGE, page * PER_PAGE - 1])}&sort=${enc(['name', 'ASC'])}`];
    },
    render: ([rows], _, q) => {
      const page = Number(q.get('page') ?? 1);
      const to = (p: number) => {
        const next = new URLSearchParams(q);
        next.set('page', String(p));
        return `#/companies?${next}`;
      };
      return (
        <>
          <Rows rows={rows as Row[]} columns={['name', 'stage', 'status', 'contact_name', 'users_count']} link={(r) => `#/companies/profile/${String(r.id)}`} />
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            <Button disabled={page <= 1} href={to(page - 1)} aria-label="Previous page">
              Previous
            </Button>
            <Button disabled={(rows as Row[]).length < PER_PAGE} href={to(page + 1)} aria-label="Next page">
              Next
            </Button>
          </Stack>
        </>
      );
    },
  },
  { pattern: /^\/companies\/profile\/(\d+)$/, title: 'Company profile', reads: (m) => [`/api/companies/${m[1]}`], render: ([record]) => <Fields record={record as Row} /> },
  {
    pattern: /^\/agreements$/,
    title: 'Agreements',
    reads: () => [`/api/agreements?filter=${enc({})}&range=${enc([0, PER_PAGE - 1])}&sort=${enc(['updated_at', 'DESC'])}`],
    render: ([rows]) => <Rows rows={rows as Row[]} columns={['name', 'reference', 'stage', 'company_name', 'contract_value']} link={(r) => `#/agreements/${String(r.id)}/edit`} />,
  },
  { pattern: /^\/agreements\/(\d+)\/(edit|preview)$/, title: 'Agreement', reads: (m) => [`/api/agreements/${m[1]}`], render: ([record]) => <Fields record={record as Row} /> },
  {
    pattern: /^\/tracker\/all$/,
    title: 'Tracker: all',
    reads: () => [`/api/projects?filter=${enc({})}&range=${enc([0, PER_PAGE - 1])}&sort=${enc(['launch_date', 'ASC'])}`],
    render: ([rows]) => <Rows rows={rows as Row[]} columns={['name', 'company_name', 'status', 'rag', 'complete_percentage']} link={(r) => `#/tracker/${String(r.id)}/summary`} />,
  },
  {
    pattern: /^\/tracker\/(\d+)\/summary$/,
    title: 'Project summary',
    reads: (m) => [`/api/projects/${m[1]}`],
    render: ([record], m) => (
      <>
        <Link href={`#/tracker/${m[1]}/profile`} data-testid="open-profile">
          Open tasks and details
        </Link>
        <Fields record={record as Row} />
      </>
    ),
  },
  {
    pattern: /^\/tracker\/(\d+)\/profile$/,
    title: 'Project details',
    reads: (m) => [`/api/tasks/stages?sort=${enc(['position', 'ASC'])}&range=${enc([0, 999])}`, `/api/projects/${m[1]}/tasks?range=${enc([0, 999])}`, `/api/projects/${m[1]}`],
    // The board: a column per stage, a card per task.
    render: ([stages, tasks]) => (
      <Box sx={{ display: 'grid', gridTemplateColumns: `repeat(${(stages as Row[]).length}, 1fr)`, gap: 2 }} data-testid="task-board">
        {(stages as Row[]).map((s) => (
          <Box key={String(s.id)}>
            <Typography variant="h6">{String(s.name)}</Typography>
            {(tasks as Row[])
              .filter((t) => t.stage_id === s.id)
              .map((t) => (
                <Paper key={String(t.id)} variant="outlined" sx={{ p: 1, mb: 1 }} data-testid="task-card">
                  {String(t.name)}
                </Paper>
              ))}
          </Box>
        ))}
      </Box>
    ),
  },
  {
    pattern: /^\/configurator\/(\d+)\/dashboard$/,
    title: 'Configuration',
    reads: (m) => [`/api/configs/${m[1]}`],
    render: ([config], m) => (
      <Stack spacing={0.5}>
        {((config as { stages: Row[] }).stages ?? []).map((s) => (
          <Link key={String(s.slug)} href={`#/configurator/${m[1]}/${String(s.slug)}`} data-testid={`section-${String(s.slug)}`}>
            {words(String(s.slug))} · {String(s.state)}
          </Link>
        ))}
      </Stack>
    ),
  },
  {
    pattern: /^\/configurator\/(\d+)\/([a-z-]+)$/,
    title: 'Stage',
    reads: (m) => [`/api/configs/${m[1]}`],
    // The stage's heading and its data (`data[stage]`: a part per key): a form of a part's fields, a table of its rows.
    render: ([config], m) => {
      const parts = Object.entries(((config as { data?: Record<string, Row> }).data ?? {})[m[2]] ?? {});
      return (
        <Box component="form">
          <Link href={`#/configurator/${m[1]}/dashboard`} data-testid="stage-back">
            Back to the configuration
          </Link>
          <Typography variant="h5" component="h2" data-testid="stage-title">
            {words(m[2])}
          </Typography>
          {parts.map(([key, part]) =>
            Array.isArray(part) ? (
              <Rows key={key} rows={part as Row[]} columns={Object.keys((part[0] ?? {}) as Row).filter((c) => scalar((part[0] as Row)[c])).slice(0, 5)} link={() => '#'} />
            ) : part && typeof part === 'object' ? (
              <Fields key={key} record={part as Row} />
            ) : null,
          )}
          <TextField name="stage-note" label="Notes" fullWidth sx={{ mt: 2 }} />
        </Box>
      );
    },
  },
];

/** The floor's screen at a hash it has a route for; null when it has none. */
export function routeOf(hash: string): { route: Route; m: RegExpMatchArray; query: URLSearchParams } | null {
  const [path, search = ''] = hash.replace(/^#/, '').split('?');
  for (const route of ROUTES) {
    const m = path.match(route.pattern);
    if (m) return { route, m, query: new URLSearchParams(search) };
  }
  return null;
}

/**
 * The screen of one address: a progress bar until its reads answer, then its content, marked
 * `data-floor-screen` with the address it shows (the bench waits for the one it moved to).
 * Mounted afresh per address (keyed by the caller, inside the frame that stays), as a plain app's
 * screen component would be.
 */
export function MoveScreen({ hash }: { hash: string }) {
  const at = routeOf(hash)!;
  const [answers, setAnswers] = useState<unknown[] | null>(null);
  useEffect(() => {
    let live = true;
    void resumeSession()
      .then(() => Promise.all(at.route.reads(at.m, at.query).map(read)))
      .then((a) => live && setAnswers(a));
    return () => {
      live = false;
    };
    // One screen per address: the caller remounts it for another.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return answers ? (
    <Box data-floor-ready="" data-floor-screen={hash}>
      {at.route.render(answers, at.m, at.query)}
    </Box>
  ) : (
    <LinearProgress />
  );
}
