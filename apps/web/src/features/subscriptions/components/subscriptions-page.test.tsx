import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderRoutes } from '../../../test/render-routes';
import { calls, mockApi, signIn } from '../../../test/social-fixtures';
import { makeSubscription } from '../../../test/payment-fixtures';
import { SubscriptionsPage } from './subscriptions-page';


const renderPage = () => {
  signIn();
  return renderRoutes([{ path: '/settings/subscriptions', Component: SubscriptionsPage }], ['/settings/subscriptions']);
};

const row = (username: string) => screen.getByRole('listitem', { name: `@${username}` });

describe('SubscriptionsPage', () => {
  it('lists each creator with the price, state, renewal or end of access and the card, page after page', async () => {
    const fetchMock = mockApi({
      'GET /api/subscriptions': { items: [makeSubscription('valeria_rios')], nextCursor: 'c2' },
      'GET /api/subscriptions?cursor=c2': {
        items: [
          makeSubscription('lucia_moda', { status: 'canceled', cancelAtPeriodEnd: true, card: null, provider: 'ccbill', accessUntil: '2026-12-10T10:00:00.000Z' }),
          makeSubscription('ana_fit', { status: 'expired', accessUntil: '2026-10-01T10:00:00.000Z' }),
        ],
        nextCursor: null,
      },
    });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Mis suscripciones' })).toBeInTheDocument();
    const first = await screen.findByRole('listitem', { name: '@valeria_rios' });
    expect(first).toHaveTextContent(/9,99\s?US\$ al mes/);
    expect(within(first).getByTestId('subscription-status')).toHaveTextContent('Activa');
    expect(within(first).getByTestId('subscription-period')).toHaveTextContent('Se renueva el 25 dic 2026');
    expect(within(first).getByTestId('subscription-card')).toHaveTextContent('Visa terminada en 4242');
    expect(within(first).getByRole('link', { name: /valeria_rios/ })).toHaveAttribute('href', '/valeria_rios?tab=vip');

    await userEvent.click(screen.getByRole('button', { name: 'Cargar más' }));
    const canceled = await screen.findByRole('listitem', { name: '@lucia_moda' });
    expect(within(canceled).getByTestId('subscription-status')).toHaveTextContent('Cancelada');
    expect(within(canceled).getByTestId('subscription-period')).toHaveTextContent('Acceso hasta 10 dic 2026');
    expect(within(canceled).getByTestId('subscription-card')).toHaveTextContent('Pagada con el procesador de pagos');
    expect(within(canceled).queryByRole('button', { name: 'Cancelar suscripción' })).not.toBeInTheDocument();
    expect(within(row('ana_fit')).getByTestId('subscription-period')).toHaveTextContent('Terminó el 1 oct 2026');
    expect(screen.queryByRole('button', { name: 'Cargar más' })).not.toBeInTheDocument();
    expect(calls(fetchMock)).toEqual(['GET /api/subscriptions', 'GET /api/subscriptions?cursor=c2']);
  });

  it('cancels after a confirmation, keeping the access date, and says so', async () => {
    const fetchMock = mockApi({
      'GET /api/subscriptions': { items: [makeSubscription('valeria_rios')], nextCursor: null },
      'DELETE /api/users/valeria_rios/vip/subscribe': () =>
        jsonResponse(200, {
          success: true,
          subscription: makeSubscription('valeria_rios', { cancelAtPeriodEnd: true }),
          message: 'Suscripción cancelada. Conservas el acceso hasta el final del periodo pagado.',
        }),
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancelar suscripción' }));
    const dialog = screen.getByRole('dialog', { name: '¿Cancelar tu suscripción a @valeria_rios?' });
    expect(dialog).toHaveTextContent('Conservas el acceso hasta 25 dic 2026.');
    // 'Mantener' changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Mantener' }));
    expect(calls(fetchMock).some((call) => call.startsWith('DELETE'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Cancelar suscripción' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancelar suscripción' }));
    expect(await screen.findByText('Suscripción cancelada. Conservas el acceso hasta el final del periodo pagado.')).toBeInTheDocument();
    expect(within(row('valeria_rios')).getByTestId('subscription-status')).toHaveTextContent('Cancelada');
    expect(within(row('valeria_rios')).getByTestId('subscription-period')).toHaveTextContent('Acceso hasta 25 dic 2026');
    expect(within(row('valeria_rios')).queryByRole('button', { name: 'Cancelar suscripción' })).not.toBeInTheDocument();
    expect(calls(fetchMock).filter((call) => call.startsWith('DELETE'))).toEqual(['DELETE /api/users/valeria_rios/vip/subscribe']);
  });

  it("shows the server's refusal", async () => {
    mockApi({
      'GET /api/subscriptions': { items: [makeSubscription('valeria_rios')], nextCursor: null },
      'DELETE /api/users/valeria_rios/vip/subscribe': () => jsonResponse(404, { success: false, message: 'No tienes una suscripción activa con este creador.' }),
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancelar suscripción' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancelar suscripción' }));
    expect(await screen.findByText('No tienes una suscripción activa con este creador.')).toBeInTheDocument();
  });

  it('says when there are none', async () => {
    mockApi({ 'GET /api/subscriptions': { items: [], nextCursor: null } });
    renderPage();
    expect(await screen.findByText('Aún no tienes suscripciones.')).toBeInTheDocument();
  });
});
