// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { priceSubscription } from '../../../engine/agreements';
import { PreviewDocument } from '../../../src/agreements/PreviewDocument';
import { SignPanel } from '../../../src/agreements/SignPanel';
import { TotalsPanel } from '../../../src/agreements/TotalsPanel';
import { demoAgreement, demoCatalogue } from '../../../stories/agreements/demoAgreement';
import { renderInLocale } from '../../engine/react/renderInLocale';

afterEach(cleanup);

describe('the dealer signing', () => {
  it('asks for the name, a signature and the acceptance before it sends anything', () => {
    const onSign = vi.fn();
    renderInLocale(<SignPanel companyName="Demo Motors Ltd" shownSha256="abc123" busy={false} onSign={onSign} />);
    fireEvent.click(screen.getByTestId('sign-submit'));
    expect(onSign).not.toHaveBeenCalled();
    expect(screen.getByText('Enter your full name.')).toBeTruthy();
    expect(screen.getByText('Draw or type your signature.')).toBeTruthy();
    expect(screen.getByText('Tick to accept the order form.')).toBeTruthy();
  });

  it('sends a typed signature with the name, position, acceptance and the hash of the document shown', () => {
    const onSign = vi.fn();
    renderInLocale(<SignPanel companyName="Demo Motors Ltd" shownSha256="abc123" busy={false} onSign={onSign} />);
    fireEvent.change(screen.getByTestId('sign-name'), { target: { value: ' Sam Taylor ' } });
    fireEvent.change(screen.getByTestId('sign-position'), { target: { value: 'Dealer principal' } });
    // The keyboard's way: type the signature instead of drawing it.
    fireEvent.click(screen.getByTestId('sign-kind-type'));
    fireEvent.change(screen.getByTestId('sign-typed'), { target: { value: 'Sam Taylor' } });
    fireEvent.click(screen.getByTestId('sign-accept'));
    fireEvent.click(screen.getByTestId('sign-submit'));
    expect(onSign).toHaveBeenCalledWith({
      signer_name: 'Sam Taylor',
      signer_position: 'Dealer principal',
      signature: { kind: 'typed', text: 'Sam Taylor' },
      accept: true,
      shown_sha256: 'abc123',
    });
  });
});

describe('the totals panel', () => {
  it("shows the engine's totals in the agreement's currency, the discount line only when there is one", () => {
    const sub = demoAgreement.subscription;
    const { totals } = priceSubscription(sub, demoCatalogue, demoAgreement.pricing.counts);
    const { rerender } = renderInLocale(<TotalsPanel totals={totals} subscription={sub} currency="GBP" />);
    const panel = screen.getByTestId('totals-panel');
    expect(within(panel).getByText('Discount (10%)')).toBeTruthy();
    expect(screen.getByTestId('totals-contract-value').textContent).toBe(new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(totals.contractValueMinor / 100));
    const none = { ...sub, totalDiscountPercentage: 0 };
    rerender(<TotalsPanel totals={priceSubscription(none, demoCatalogue, demoAgreement.pricing.counts).totals} subscription={none} currency="GBP" />);
    expect(within(screen.getByTestId('totals-panel')).queryByText(/^Discount/)).toBeNull();
  });
});

describe('the preview of the order form', () => {
  it('prints the reference the PDF prints, and the drawn signature the signed PDF carries', async () => {
    const texts = i18next.createInstance();
    const file = (ns: string) => JSON.parse(readFileSync(`locales/en-GB/${ns}.json`, 'utf8')) as Record<string, unknown>;
    await texts.init({ lng: 'en-GB', resources: { 'en-GB': { agreements: file('agreements'), agreementForm: file('agreementForm') } }, interpolation: { escapeValue: false } });
    const image = 'data:image/png;base64,iVBORw0KGgo=';
    const signed = {
      ...demoAgreement,
      stage: 'signed' as const,
      signature: { signer_name: 'Sam Taylor', signer_position: 'Dealer principal', signed_at: '2026-11-25T10:00:00Z', shown_sha256: 'a', signed_sha256: 'b', image },
    };
    const priced = priceSubscription(signed.subscription, demoCatalogue, signed.pricing.counts);
    const { rerender } = renderInLocale(<PreviewDocument agreement={signed} priced={priced} t={texts.t} locale="en-GB" />);
    expect(screen.getByTestId('preview-reference').textContent).toMatch(/^Reference A-7 · /);
    expect(screen.getByText(signed.name)).toBeTruthy();
    expect(screen.getByTestId('preview-signature-image').getAttribute('src')).toBe(image);
    // A typed signature has no image to show.
    rerender(<PreviewDocument agreement={{ ...signed, signature: { ...signed.signature, image: null } }} priced={priced} t={texts.t} locale="en-GB" />);
    expect(screen.queryByTestId('preview-signature-image')).toBeNull();
  });
});
