// One catalogue stage in a StageForm, on a production build served under the app's strict CSP
// (bench/renderer.ts): what tests/e2e/stage-form-csp.test.ts drives. ?slug=<stage> (default
// franchises). Below the form, the locations of the whole configuration as the rules leave them, so
// a cascade (removing a franchise strips it from every location) is visible. window.__stage reports
// readiness and saves.
import { useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import Typography from '@mui/material/Typography';
import { StageForm, type ConfigDoc, type SaveState } from '../../engine/react';
import { loadStageValidators, stageValidatorsNeeded } from '../../engine';
import { dealerGroup } from '../../stories/support/dealerGroup';
import { PageProviders } from './providers';

declare global {
  interface Window {
    __stage: { ready: boolean; saved: SaveState[] };
  }
}

window.__stage = { ready: false, saved: [] };

type Named = { id: string; name: string };
type Location = Named & { franchises: string[] };

/** Each location with the names of the franchises it sells. */
function LocationsSummary({ doc }: { doc: ConfigDoc }) {
  const franchises = ((doc.franchises as { franchises?: Named[] } | undefined)?.franchises ?? []) as Named[];
  const locations = ((doc.locations as { locations?: Location[] } | undefined)?.locations ?? []) as Location[];
  const name = (id: string) => franchises.find((f) => f.id === id)?.name ?? id;
  return (
    <ul data-testid="locations">
      {locations.map((l) => (
        <li key={l.id} data-testid={`location-${l.id}`}>
          {l.name}: {l.franchises.map(name).join(', ')}
        </li>
      ))}
    </ul>
  );
}

function Page({ slug, initial }: { slug: string; initial: ConfigDoc }) {
  const [doc, setDoc] = useState(initial);
  const onSave = useCallback((_data: unknown, _doc: ConfigDoc, state: SaveState) => void window.__stage.saved.push(state), []);
  useEffect(() => {
    window.__stage.ready = true;
  }, []);
  return (
    <>
      <StageForm slug={slug} doc={initial} onChange={setDoc} onSave={onSave} />
      <Typography variant="h6">Locations</Typography>
      <LocationsSummary doc={doc} />
    </>
  );
}

const slug = new URLSearchParams(location.search).get('slug') ?? 'franchises';
const doc = dealerGroup({ franchises: 3, locations: 3, departmentsPer: 2 });

// The stage's precompiled validators first, as the app's stage page loads them.
void loadStageValidators(stageValidatorsNeeded(slug)).then(() =>
  createRoot(document.getElementById('root')!).render(
    <PageProviders>
      <Page slug={slug} initial={doc} />
    </PageProviders>,
  ),
);
