// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { priceSubscription } from '../../../engine/agreements';
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
