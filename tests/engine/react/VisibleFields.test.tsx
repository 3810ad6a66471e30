// @vitest-environment jsdom
// `visibleIf` in the form: the buying-online stage shows the chosen payment provider's fields only,
// and the other provider's stored values stay in the data (switching back loses nothing).
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { StageForm } from '../../../engine/react';
import { renderInLocale } from './renderInLocale';

afterEach(cleanup);

const doc = (provider: string) => ({
  'buying-online': {
    payment: { provider, fullPayment: true, deposit: false, stripe: { encryptedKey: '', accountEmail: 'pay@demo.test' }, cybersource: { secretKey: '', encryptedKey: '', accessKey: '', profileId: 'DEMO-01' } },
    recipients: [],
  },
});

describe('fields hidden by visibleIf', () => {
  it('shows the Stripe fields only with Stripe, the Cybersource fields only with Cybersource', async () => {
    renderInLocale(<StageForm slug="buying-online" doc={doc('stripe')} />, 'en-GB');
    await waitFor(() => expect(screen.getByLabelText(/Stripe account email/)).toBeTruthy());
    expect(screen.queryByLabelText(/Profile id/)).toBeNull();
    cleanup();
    renderInLocale(<StageForm slug="buying-online" doc={doc('cybersource')} />, 'en-GB');
    await waitFor(() => expect(screen.getByLabelText(/Profile id/)).toBeTruthy());
    expect(screen.queryByLabelText(/Stripe account email/)).toBeNull();
  });
});
