// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AGREEMENT_REASON_MAX } from '../../../contract/agreements';
import { ClosedBanner } from '../../../src/agreements/ClosedBanner';
import { EventTrail } from '../../../src/agreements/EventTrail';
import { ReasonDialog } from '../../../src/agreements/ReasonDialog';
import { SendDialog } from '../../../src/agreements/SendDialog';
import { addSigner, moveSigner, signerOptions } from '../../../src/agreements/signerChoice';
import { SignersList } from '../../../src/agreements/SignersList';
import { viewerSlot } from '../../../src/agreements/turns';
import { verifyDocument } from '../../../src/pages/verify/verifyApi';
import { VerifyResult } from '../../../src/pages/verify/VerifyResult';
import { demoAgreement } from '../../../stories/agreements/demoAgreement';
import { declinedAgreement, demoEvents, sentToSigners, verifiedChanged, verifiedFinal } from '../../../stories/agreements/demoSigners';
import { renderInLocale } from '../../engine/react/renderInLocale';

afterEach(cleanup);

const sam = { kind: 'user' as const, user_id: 101, name: 'Sam Taylor', email: 'sam@demo.example' };
const priya = { kind: 'user' as const, user_id: 102, name: 'Priya Shah', email: 'priya@demo.example' };

describe('the choice of signers', () => {
  it('keeps each person once, moves them up and down, and sends nothing when nobody is chosen', () => {
    const list = addSigner(addSigner([sam], priya), { kind: 'invite', name: 'Sam again', email: 'SAM@demo.example' });
    expect(list.map((s) => s.name)).toEqual(['Sam Taylor', 'Priya Shah']);
    expect(moveSigner(list, 1, -1).map((s) => s.name)).toEqual(['Priya Shah', 'Sam Taylor']);
    expect(moveSigner(list, 0, -1)).toBe(list);
    expect(signerOptions({ signers: [], routing: 'sequential', countersigner: null })).toEqual({});
    expect(signerOptions({ signers: list, routing: 'parallel', countersigner: { id: 1, name: 'A', email: 'a@x' } })).toEqual({
      signers: [{ user_id: 101 }, { user_id: 102 }],
      countersigner_id: 1,
      routing: 'parallel',
    });
  });

  it('sends the signers in the order staff set with the keyboard-reachable buttons, an invitation among them', async () => {
    const onSend = vi.fn();
    const searchUsers = vi.fn(async () => [{ id: 101, name: 'Sam Taylor', email: 'sam@demo.example' }]);
    renderInLocale(<SendDialog open mode="send" recipient="contact@demo.example" busy={false} companyId={7} searches={{ searchUsers, searchCountersigners: async () => [] }} onClose={() => undefined} onSend={onSend} />);
    const search = screen.getByTestId('signer-search');
    fireEvent.change(search, { target: { value: 'Sam' } });
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    fireEvent.click(await screen.findByRole('option', { name: 'Sam Taylor (sam@demo.example)' }, { timeout: 4000 }));
    fireEvent.change(screen.getByTestId('signer-invite-name'), { target: { value: 'Noor Finance' } });
    fireEvent.change(screen.getByTestId('signer-invite-email'), { target: { value: 'noor@demo.example' } });
    fireEvent.click(screen.getByTestId('signer-invite'));
    // Noor signs first: her up button is named for her.
    fireEvent.click(screen.getByRole('button', { name: 'Move Noor Finance up' }));
    expect(screen.getAllByTestId('signer-row').map((r) => r.textContent)).toEqual([expect.stringContaining('Noor Finance'), expect.stringContaining('Sam Taylor')]);
    fireEvent.click(screen.getByTestId('routing-parallel'));
    fireEvent.click(screen.getByTestId('agreement-send-dialog-confirm'));
    expect(onSend).toHaveBeenCalledWith(expect.objectContaining({ signers: [{ email: 'noor@demo.example', name: 'Noor Finance' }, { user_id: 101 }], routing: 'parallel', countersigner_id: null }));
    expect(searchUsers).toHaveBeenCalled();
  });

  it('refuses an invitation without a valid address, and sends as before when nobody is chosen', () => {
    const onSend = vi.fn();
    renderInLocale(<SendDialog open mode="send" recipient="contact@demo.example" busy={false} companyId={7} searches={{ searchUsers: async () => [], searchCountersigners: async () => [] }} onClose={() => undefined} onSend={onSend} />);
    fireEvent.change(screen.getByTestId('signer-invite-name'), { target: { value: 'Noor' } });
    fireEvent.change(screen.getByTestId('signer-invite-email'), { target: { value: 'noor@' } });
    fireEvent.click(screen.getByTestId('signer-invite'));
    expect(screen.getByText('Enter a name and a valid email address.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('agreement-send-dialog-confirm'));
    expect(onSend).toHaveBeenCalledWith({ remind_after_days: 3, expires_at: null });
  });
});

describe('the signers on the agreement page', () => {
  it('lists them in order with their status in words, and whose turn it is', () => {
    renderInLocale(<SignersList agreement={sentToSigners} viewerId={102} />);
    const rows = screen.getAllByTestId('agreement-signer');
    expect(rows.map((r) => within(r).getByTestId('agreement-signer-status').textContent)).toEqual(['Signed 02/03/2026 09:20', 'Your turn since 02/03/2026 09:20', 'Waiting']);
    expect(rows[2].textContent).toContain('Countersigner');
    expect(screen.getByTestId('agreement-turn').textContent).toBe('It is your turn to sign, since 02/03/2026 09:20.');
  });

  it('in French, in the reader\'s words', () => {
    renderInLocale(<SignersList agreement={sentToSigners} />, 'fr-FR');
    expect(screen.getByTestId('agreement-turn').textContent).toBe('En attente de Priya Shah depuis le 02/03/2026 09:20.');
  });

  it('takes the reader as the signer the server would: their own slot, the open slot for a company user, none for other staff', () => {
    expect(viewerSlot(sentToSigners, 102, false)?.status).toBe('current');
    expect(viewerSlot(sentToSigners, 1, true)?.role).toBe('countersigner');
    expect(viewerSlot(sentToSigners, 55, true)).toBeNull();
    expect(viewerSlot(sentToSigners, 55, false)).toBeNull();
    // Sent before issue 57 (no signers): the dealer signs as before.
    expect(viewerSlot({ ...demoAgreement, stage: 'sent', signers: [] }, 55, false)?.status).toBe('current');
  });

  it('shows a declined agreement\'s reason and, for staff, the copy', () => {
    const onCopy = vi.fn();
    renderInLocale(<ClosedBanner agreement={declinedAgreement} onCopy={onCopy} />);
    expect(screen.getByTestId('agreement-closed-banner').textContent).toContain('Declined by Priya Shah on 03/03/2026 11:45.');
    expect(screen.getByTestId('agreement-closed-reason').textContent).toContain('please send it again with the 10% discount');
    fireEvent.click(screen.getByTestId('agreement-copy'));
    expect(onCopy).toHaveBeenCalled();
  });

  it('shows the trail with time, person, email, IP, device and the document hash', () => {
    renderInLocale(<EventTrail events={demoEvents} defaultExpanded />);
    const events = screen.getAllByTestId('agreement-event');
    expect(events.map((e) => e.getAttribute('data-kind'))).toEqual(['created', 'sent', 'opened', 'signed']);
    expect(events[3].textContent).toContain('Signed 02/03/2026 09:20');
    expect(events[3].textContent).toContain('198.51.100.24');
    expect(events[3].textContent).toContain('iPhone');
    expect(events[3].textContent).toContain('1f0c'.repeat(16));
    expect(events[0].textContent).not.toContain('SHA-256');
  });
});

describe('declining and voiding', () => {
  it('needs a reason within the limit, counted as it is typed', () => {
    const onConfirm = vi.fn();
    renderInLocale(<ReasonDialog kind="decline" open busy={false} onClose={() => undefined} onConfirm={onConfirm} />);
    fireEvent.click(screen.getByTestId('agreement-decline-dialog-confirm'));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByText('Please give a reason.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('agreement-reason'), { target: { value: 'x'.repeat(AGREEMENT_REASON_MAX + 1) } });
    expect(screen.getByText(`The reason must be at most ${AGREEMENT_REASON_MAX} characters.`)).toBeTruthy();
    fireEvent.change(screen.getByTestId('agreement-reason'), { target: { value: '  Wrong discount  ' } });
    expect(screen.getByText(`14 of ${AGREEMENT_REASON_MAX} characters`)).toBeTruthy();
    fireEvent.click(screen.getByTestId('agreement-decline-dialog-confirm'));
    expect(onConfirm).toHaveBeenCalledWith('Wrong discount');
  });
});

describe('verifying a document', () => {
  it('says in words whether the portal issued it, its reference, the final version and each signature', () => {
    renderInLocale(<VerifyResult answer={verifiedFinal} fileName="final.pdf" />);
    expect(screen.getByTestId('verify-verdict').textContent).toContain('Issued by this portal');
    expect(screen.getByTestId('verify-reference').textContent).toBe(`Agreement reference: ${verifiedFinal.agreement_guid}`);
    expect(screen.getByTestId('verify-final').textContent).toBe('This is the final, fully signed version.');
    expect(screen.getAllByTestId('verify-signature').map((s) => s.getAttribute('data-intact'))).toEqual(['true', 'true', 'true']);
    cleanup();
    renderInLocale(<VerifyResult answer={verifiedChanged} fileName="changed.pdf" />);
    expect(screen.getByTestId('verify-verdict').textContent).toContain('Not issued by this portal');
    expect(screen.queryByTestId('verify-reference')).toBeNull();
    expect(screen.getAllByTestId('verify-signature')[2].textContent).toContain('Broken');
  });

  it('posts the raw bytes as a PDF and gives back the server\'s refusal', async () => {
    const fetcher = vi.fn(async () => new Response(JSON.stringify({ message: 'The file must be a PDF.', errors: [{ detail: 'The file must be a PDF.', field: 'body' }] }), { status: 422 }));
    const outcome = await verifyDocument(new Blob(['hello']), (texts) => texts.map((t) => `[${t}]`), fetcher as unknown as typeof fetch);
    expect(outcome).toEqual({ problem: ['[The file must be a PDF.]'] });
    const [url, init] = fetcher.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/verify-document');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/pdf');
    await waitFor(() => expect(init.body).toBeInstanceOf(Blob));
  });
});
