// @vitest-environment jsdom
// `$company` in the form: a field a `visibleIf` shows for UK companies only is shown when the
// engine's company (StageEngine.company, passed on in formContext) is in the UK, not in France.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { RJSFSchema } from '@rjsf/utils';
import { StageForm, defaultEngine, getStageUi } from '../../../engine/react';
import { renderInLocale } from './renderInLocale';

afterEach(cleanup);

type Obj = Record<string, unknown>;
const doc = {
  'buying-online': {
    payment: { provider: 'stripe', fullPayment: true, deposit: false, stripe: { encryptedKey: '', accountEmail: 'pay@demo.test' } },
    recipients: [],
  },
};

/** Buying online whose Stripe keys show for UK companies only (and only with Stripe chosen). */
function ukOnlyStripe() {
  const ui = getStageUi('buying-online');
  const schema = structuredClone(ui.schema) as Obj;
  const payment = (schema.properties as Obj).payment as Obj;
  payment.visibleIf = { ...(payment.visibleIf as Obj), stripe: { and: [{ '==': [{ var: 'provider' }, 'stripe'] }, { '==': [{ var: '$company.region' }, 'uk'] }] } };
  return { schema: schema as RJSFSchema, uiSchema: ui.uiSchema };
}

describe("fields a visibleIf shows by the company's region", () => {
  // Three whole forms: generous under a loaded machine (one takes seconds in jsdom).
  it('shows them for a UK company, hides them for a French one and for none', { timeout: 60_000 }, async () => {
    const stage = ukOnlyStripe();
    renderInLocale(<StageForm slug="buying-online" doc={doc} stage={stage} engine={{ ...defaultEngine, company: { region: 'uk' } }} />, 'en-GB');
    await waitFor(() => expect(screen.getByLabelText(/Stripe account email/)).toBeTruthy());
    cleanup();
    renderInLocale(<StageForm slug="buying-online" doc={doc} stage={stage} engine={{ ...defaultEngine, company: { region: 'fr' } }} />, 'en-GB');
    await waitFor(() => expect(screen.getAllByText(/Payment/).length).toBeGreaterThan(0));
    expect(screen.queryByLabelText(/Stripe account email/)).toBeNull();
    cleanup();
    renderInLocale(<StageForm slug="buying-online" doc={doc} stage={stage} />, 'en-GB');
    await waitFor(() => expect(screen.getAllByText(/Payment/).length).toBeGreaterThan(0));
    expect(screen.queryByLabelText(/Stripe account email/)).toBeNull();
  });
});
