import type { CreatorDashboardResponse } from '@wag/contract/payments';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderRoutes } from '../../../test/render-routes';
import { calls, mockApi, signIn } from '../../../test/social-fixtures';
import { CreatorDashboardPage } from './creator-dashboard-page';

const months = Array.from({ length: 12 }, (_, index) => {
  const month = `${index < 1 ? 2025 : 2026}-${String(((index + 11) % 12) + 1).padStart(2, '0')}`;
  const gross = index === 11 ? 5000 : index === 10 ? 2500 : 0;
  return { month, gross, fee: gross / 5, net: gross - gross / 5 };
});

function makeDashboard(overrides: Partial<CreatorDashboardResponse> = {}): CreatorDashboardResponse {
  return {
    vip: { enabled: true, monthlyPrice: 999, storyPrice: 499, currency: 'USD' },
    identity: 'approved',
    subscribers: 12,
    currency: 'USD',
    platformFeePercent: 20,
    balance: 6000,
    earningsByMonth: months,
    latestPayments: [
      { id: 'l1', kind: 'subscription', gross: 999, fee: 200, net: 799, currency: 'USD', at: '2026-11-20T10:00:00.000Z', payer: 'demo' },
      { id: 'l2', kind: 'refund', gross: -999, fee: -200, net: -799, currency: 'USD', at: '2026-11-21T10:00:00.000Z', payer: null },
    ],
    recentPosts: [
      { id: 'p1', slug: 'playa', postType: 'vip', title: 'Playa', visibility: 'subscribers', thumbnailUrl: null, views: 1200, likes: 30, comments: 1, createdAt: '2026-11-18T10:00:00.000Z' },
      { id: 'p2', slug: 'baile', postType: 'quicky', title: 'Baile', visibility: 'public', thumbnailUrl: null, views: 80, likes: 3, comments: 0, createdAt: '2026-11-17T10:00:00.000Z' },
    ],
    payouts: [{ id: 'o1', amount: 2000, currency: 'USD', status: 'paid', requestedAt: '2026-10-02T10:00:00.000Z', paidAt: '2026-10-05T10:00:00.000Z' }],
    ...overrides,
  };
}

const renderPage = () => {
  signIn('valeria_rios');
  return renderRoutes([{ path: '/creator', Component: CreatorDashboardPage }], ['/creator']);
};

describe('CreatorDashboardPage', () => {
  it('shows subscribers, balance, the chart of twelve months with its table, payments, posts and payouts', async () => {
    mockApi({ 'GET /api/creator/dashboard': makeDashboard() });
    renderPage();
    expect(await screen.findByTestId('stat-subscribers')).toHaveTextContent('Suscriptores12');
    expect(screen.getByTestId('stat-balance')).toHaveTextContent(/60,00\s?US\$/);
    expect(screen.getByTestId('stat-month')).toHaveTextContent(/40,00\s?US\$/);
    expect(screen.getByText('La plataforma se queda con el 20 % de cada pago.')).toBeInTheDocument();

    const chart = screen.getByTestId('earnings-chart');
    expect(within(chart).getByRole('img', { name: 'Ingresos netos de los últimos 12 meses' })).toBeInTheDocument();
    const bars = within(chart).getAllByTestId('earnings-bar');
    expect(bars).toHaveLength(12);
    expect(bars[11]).toHaveAccessibleName(/^noviembre de 2026: 40,00\s?US\$ neto$/);
    const heights = bars.map((bar) => Number(bar.querySelector('rect')!.getAttribute('height')));
    expect(heights[11]).toBeGreaterThan(heights[10]!);
    expect(heights[10]).toBeCloseTo(heights[11]! / 2);
    expect(heights[0]).toBe(0);
    const table = within(chart).getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(13);
    expect(within(table).getByRole('row', { name: /noviembre de 2026/ })).toHaveTextContent(/50,00\s?US\$10,00\s?US\$40,00\s?US\$/);

    const payments = screen.getByTestId('latest-payments');
    expect(payments).toHaveTextContent('Suscripción');
    expect(payments).toHaveTextContent('de @demo');
    expect(payments).toHaveTextContent('Reembolso');
    const [post, quicky] = screen.getAllByTestId('recent-post');
    expect(within(post!).getByRole('link')).toHaveAttribute('href', '/post/playa');
    // A quicky opens where quickys open.
    expect(within(quicky!).getByRole('link')).toHaveAttribute('href', '/quicky/baile');
    expect(post).toHaveTextContent('VIP');
    expect(post).toHaveTextContent('1,2 mil vistas');
    expect(post).toHaveTextContent('30 me gusta');
    expect(post).toHaveTextContent('1 comentario');
    expect(screen.getByTestId('payout-list')).toHaveTextContent(/20,00\s?US\$Pagado el 5 oct 2026/);
  });

  it('saves prices typed in currency units as cents, refusing them out of 2.99 to 499.99', async () => {
    let body: unknown = null;
    const fetchMock = mockApi({
      'GET /api/creator/dashboard': makeDashboard(),
      'PUT /api/creator/vip': (init) => {
        body = JSON.parse(String(init?.body));
        return jsonResponse(200, { success: true, vip: { enabled: true, monthlyPrice: 1250, storyPrice: 299, currency: 'USD' } });
      },
    });
    renderPage();
    const user = userEvent.setup();
    const form = await screen.findByTestId('price-form');
    const monthly = within(form).getByLabelText('Precio mensual (USD)');
    const story = within(form).getByLabelText('Precio de Comprar Story (USD)');
    expect(monthly).toHaveValue('9.99');
    expect(story).toHaveValue('4.99');
    expect(form).toHaveTextContent(/Tu VIP está activo: 9,99\s?US\$ al mes/);

    await user.clear(monthly);
    await user.type(monthly, '500');
    await user.clear(story);
    await user.click(within(form).getByRole('button', { name: 'Guardar precios' }));
    expect(within(form).getByText(/El precio debe estar entre 2,99\s?US\$ y 499,99\s?US\$/)).toBeInTheDocument();
    expect(within(form).getByText('Escribe un precio.')).toBeInTheDocument();
    expect(calls(fetchMock).some((call) => call.startsWith('PUT'))).toBe(false);

    await user.clear(monthly);
    await user.type(monthly, '12,5');
    await user.type(story, '2.99');
    await user.click(within(form).getByRole('button', { name: 'Guardar precios' }));
    expect(await screen.findByText('Precios guardados.')).toBeInTheDocument();
    expect(body).toEqual({ monthlyPrice: 1250, storyPrice: 299 });
    expect(monthly).toHaveValue('12.50');
  });

  it("shows the server's refusal of the prices", async () => {
    mockApi({
      'GET /api/creator/dashboard': makeDashboard(),
      'PUT /api/creator/vip': () => jsonResponse(403, { success: false, message: 'Verifica tu identidad antes de poner precio a tu contenido o publicar contenido VIP.' }),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Guardar precios' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Verifica tu identidad antes de poner precio');
  });

  it('requests a payout in cents, up to the balance', async () => {
    let body: unknown = null;
    mockApi({
      'GET /api/creator/dashboard': makeDashboard(),
      'POST /api/creator/payouts': (init) => {
        body = JSON.parse(String(init?.body));
        return jsonResponse(200, {
          success: true,
          payout: { id: 'o2', amount: 2550, currency: 'USD', status: 'requested', requestedAt: '2026-11-25T10:00:00.000Z', paidAt: null },
          message: 'Solicitud de pago enviada. Te avisaremos cuando se haya pagado.',
        });
      },
    });
    renderPage();
    const user = userEvent.setup();
    const section = await screen.findByTestId('payouts');
    const amount = within(section).getByLabelText('Importe (USD)');
    await user.type(amount, '60.01');
    await user.click(within(section).getByRole('button', { name: 'Solicitar pago' }));
    expect(within(section).getByText('El importe supera tu saldo disponible.')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '25.5');
    await user.click(within(section).getByRole('button', { name: 'Solicitar pago' }));
    expect(await screen.findByText('Solicitud de pago enviada. Te avisaremos cuando se haya pagado.')).toBeInTheDocument();
    expect(body).toEqual({ amount: 2550 });
  });

  it('explains, without an approved identity, why there are no prices or payouts, and links to the identity page', async () => {
    mockApi({ 'GET /api/creator/dashboard': makeDashboard({ identity: 'none', vip: { enabled: false, monthlyPrice: null, storyPrice: null, currency: 'USD' }, balance: 0 }) });
    renderPage();
    const notice = await screen.findByTestId('identity-notice');
    expect(notice).toHaveTextContent('primero verifica tu identidad y tu edad');
    expect(within(notice).getByRole('link', { name: 'Verificar mi identidad' })).toHaveAttribute('href', '/settings/verification/identity');
    expect(screen.queryByTestId('price-form')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Solicitar pago' })).not.toBeInTheDocument();
  });
});
