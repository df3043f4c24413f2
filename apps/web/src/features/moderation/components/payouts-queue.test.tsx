import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PayoutsQueueItem } from '@wag/contract/payments';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderRoutes } from '../../../test/render-routes';
import { calls, meResponse, mockApi, signIn } from '../../../test/social-fixtures';
import { ModerationQueuePage } from './moderation-queue-page';

const me = (role: 'user' | 'moderator' | 'admin') => {
  const answer = meResponse('jefa');
  return { ...answer, user: { ...answer.user, role } };
};

function payout(overrides: Partial<PayoutsQueueItem> = {}): PayoutsQueueItem {
  return {
    id: 'p1',
    amount: 4000,
    currency: 'USD',
    status: 'requested',
    requestedAt: '2026-11-20T10:00:00.000Z',
    paidAt: null,
    paidBy: null,
    creatorBalance: 1250,
    creator: { username: 'valeria_rios', fullName: 'Valeria Ríos', profilePictureUrl: null },
    ...overrides,
  };
}

const emptyQueue = { items: [], nextCursor: null };
/** Non-breaking spaces as Intl writes them, for comparing texts. */
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

function renderDesk(path = '/moderation') {
  return renderRoutes([{ path: '/moderation', Component: ModerationQueuePage }], [path]);
}

describe('the payouts queue of the moderation desk', () => {
  it('is a tab for admins only', async () => {
    signIn('jefa');
    mockApi({ 'GET /api/me': me('moderator'), 'GET /api/moderation/queue': emptyQueue });
    renderDesk('/moderation?queue=payouts');
    await screen.findByText('No hay nada en esta lista.');
    expect(screen.queryByRole('tab', { name: 'Pagos' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('payouts-queue')).not.toBeInTheDocument();
  });

  it('lists requested payouts with amount, creator, date and balance, from the Pagos tab', async () => {
    signIn('jefa');
    const fetchMock = mockApi({
      'GET /api/me': me('admin'),
      'GET /api/moderation/queue': emptyQueue,
      'GET /api/moderation/payouts': { items: [payout(), payout({ id: 'p2', amount: 150, creatorBalance: 0, creator: { username: 'mateo_fit', fullName: null, profilePictureUrl: null } })], nextCursor: null },
    });
    const { history } = renderDesk();
    await userEvent.click(await screen.findByRole('tab', { name: 'Pagos' }));
    expect(history.location.search).toBe('?queue=payouts');
    const rows = await screen.findAllByTestId('payout-item');
    expect(rows).toHaveLength(2);
    expect(plain(within(rows[0]!).getByText(/valeria_rios/).textContent)).toBe('40,00 US$ · @valeria_rios');
    expect(within(rows[0]!).getByText('Valeria Ríos')).toBeInTheDocument();
    expect(within(rows[0]!).getByText(/^Solicitado el 20 nov 2026/)).toBeInTheDocument();
    expect(plain(within(rows[0]!).getByTestId('payout-balance').textContent)).toBe('Saldo actual del creador: 12,50 US$');
    expect(plain(within(rows[1]!).getByText(/mateo_fit/).textContent)).toBe('1,50 US$ · @mateo_fit');
    expect(calls(fetchMock)).toContain('GET /api/moderation/payouts?status=requested');
  });

  it('marks one paid after confirming, and reads the list again', async () => {
    signIn('jefa');
    let paid = false;
    const fetchMock = mockApi({
      'GET /api/me': me('admin'),
      'GET /api/moderation/payouts': () => jsonResponse(200, { items: paid ? [] : [payout()], nextCursor: null }),
      'POST /api/moderation/payouts/p1/paid': () => {
        paid = true;
        return jsonResponse(200, { success: true, payout: payout({ status: 'paid', paidAt: '2026-11-24T09:00:00.000Z', paidBy: 'jefa' }), message: 'Pago marcado como pagado. Avisamos a su creador.' });
      },
    });
    renderDesk('/moderation?queue=payouts');
    const row = await screen.findByTestId('payout-item');
    await userEvent.click(within(row).getByRole('button', { name: 'Marcar como pagado' }));
    const dialog = await screen.findByTestId('confirm-payout');
    expect(plain(dialog.textContent)).toContain('Confirma que ya transferiste 40,00 US$ a @valeria_rios.');
    // Cancelling sends nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByTestId('confirm-payout')).not.toBeInTheDocument();
    expect(calls(fetchMock).filter((call) => call.startsWith('POST'))).toEqual([]);

    await userEvent.click(within(row).getByRole('button', { name: 'Marcar como pagado' }));
    await userEvent.click(within(await screen.findByTestId('confirm-payout')).getByRole('button', { name: 'Marcar como pagado' }));
    expect(plain((await screen.findByTestId('toast')).textContent)).toContain('Pago de 40,00 US$ a @valeria_rios marcado como pagado.');
    expect(await screen.findByText('No hay solicitudes de pago pendientes.')).toBeInTheDocument();
    expect(calls(fetchMock).filter((call) => call.startsWith('POST'))).toEqual(['POST /api/moderation/payouts/p1/paid']);
  });

  it('says why when the server refuses (already paid by someone else)', async () => {
    signIn('jefa');
    mockApi({
      'GET /api/me': me('admin'),
      'GET /api/moderation/payouts': { items: [payout()], nextCursor: null },
      'POST /api/moderation/payouts/p1/paid': () => jsonResponse(409, { success: false, message: 'Esta solicitud de pago ya está marcada como pagada.' }),
    });
    renderDesk('/moderation?queue=payouts');
    const row = await screen.findByTestId('payout-item');
    await userEvent.click(within(row).getByRole('button', { name: 'Marcar como pagado' }));
    await userEvent.click(within(await screen.findByTestId('confirm-payout')).getByRole('button', { name: 'Marcar como pagado' }));
    expect(await within(row).findByRole('alert')).toHaveTextContent('Esta solicitud de pago ya está marcada como pagada.');
    await waitFor(() => expect(screen.queryByTestId('confirm-payout')).not.toBeInTheDocument());
  });

  it('shows the paid ones with who paid them and no button', async () => {
    signIn('jefa');
    const fetchMock = mockApi({
      'GET /api/me': me('admin'),
      'GET /api/moderation/payouts': (_init, url) =>
        jsonResponse(200, { items: url.includes('status=paid') ? [payout({ status: 'paid', paidAt: '2026-11-24T09:00:00.000Z', paidBy: 'jefa' })] : [], nextCursor: null }),
    });
    const { history } = renderDesk('/moderation?queue=payouts');
    await screen.findByText('No hay solicitudes de pago pendientes.');
    await userEvent.click(screen.getByRole('tab', { name: 'Pagados' }));
    expect(history.location.search).toBe('?queue=payouts&status=paid');
    const row = await screen.findByTestId('payout-item');
    expect(within(row).getByText(/pagado el 24 nov 2026 · por @jefa/)).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Marcar como pagado' })).not.toBeInTheDocument();
    expect(calls(fetchMock)).toContain('GET /api/moderation/payouts?status=paid');
  });
});
