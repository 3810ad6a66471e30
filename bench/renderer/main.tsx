// The benchmark page: ?mode=ours|plain&n=<locations>. It renders the opening-hours stage with our
// StageForm or with one plain @rjsf/mui Form (default widgets), then reports first paint and, on
// request, key-event-to-next-paint latencies (window.__bench).
import { useLayoutEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import Form from '@rjsf/mui';
import type { IChangeEvent } from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import { StageForm, formValidator, getStageUi, translateSchema } from '../../engine/react';
import { loadStageValidators } from '../../engine';
import { dealerGroup } from '../../stories/support/dealerGroup';
import { PageProviders, pageI18n } from './providers';

declare global {
  interface Window {
    __bench: { firstPaint?: number; ready: boolean; latencies: number[]; inputs?: number; error?: string };
  }
}

window.__bench = { ready: false, latencies: [] };
window.addEventListener('error', (e) => (window.__bench.error = String(e.message)));
// The page is served under the app's CSP: anything it blocks (eval, a style without the nonce) fails the run.
window.addEventListener('securitypolicyviolation', (e) => (window.__bench.error = `CSP blocked ${e.blockedURI || 'inline'} (${e.violatedDirective})`));

// Key event to next paint: from the keydown's timestamp to a task queued after the next frame's
// rAF, i.e. once that frame's style, layout and paint have run.
window.addEventListener(
  'keydown',
  (e) => {
    const start = e.timeStamp;
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => window.__bench.latencies.push(performance.now() - start);
      ch.port2.postMessage(0);
    });
  },
  true,
);

const params = new URLSearchParams(location.search);
const mode = params.get('mode') === 'plain' ? 'plain' : 'ours';
const n = Number(params.get('n') ?? 5);
// N locations x 8 departments, one opening-hours entry per department: N x 8 x 7 x 6 inputs.
const doc = dealerGroup({ franchises: 2, locations: n, departmentsPer: 8 });
const SLUG = 'opening-hours';

function Plain({ schema }: { schema: RJSFSchema }) {
  const [formData, setFormData] = useState(doc[SLUG]);
  return (
    <Form
      schema={schema}
      formData={formData}
      validator={formValidator(SLUG, schema)}
      onChange={(e: IChangeEvent) => setFormData(e.formData)}
      showErrorList={false}
    />
  );
}

/** Mounted after the form: its layout effect runs once the form has committed. */
function FirstPaint() {
  useLayoutEffect(() => {
    if (window.__bench.firstPaint === undefined) markFirstPaint();
  }, []);
  return null;
}

function markFirstPaint() {
  requestAnimationFrame(() => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => {
      window.__bench.firstPaint = performance.now();
      window.__bench.inputs = document.querySelectorAll('input, textarea, select').length;
      window.__bench.ready = true;
    };
    ch.port2.postMessage(0);
  });
}

const stage = getStageUi(SLUG);
const schema = translateSchema(stage.schema, pageI18n.getFixedT('en-GB', 'configurator'));

// The stage's precompiled validators first (both modes, as the app's stage page loads them).
void loadStageValidators([SLUG]).then(() =>
  createRoot(document.getElementById('root')!).render(
    <PageProviders>
      {mode === 'plain' ? <Plain schema={schema} /> : <StageForm slug={SLUG} doc={doc} />}
      <FirstPaint />
    </PageProviders>,
  ),
);
