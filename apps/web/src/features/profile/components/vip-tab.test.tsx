import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProfileRoute } from '../../../app/routes/profile-route';
import { jsonResponse, renderRoutes } from '../../../test/render-routes';
import { calls, makePost, makeProfile, mockApi, signIn } from '../../../test/social-fixtures';
import { makeSubscription, makeVip, sandboxInfo as info } from '../../../test/payment-fixtures';

const lockedVip = (id: string) =>
  makePost({ id, slug: `vip-${id}`, post_type: 'vip', visibility: 'subscribers', locked: true, media_url: null, image_url: null, thumbnail_url: null });
const openVip = (id: string) => makePost({ id, slug: `vip-${id}`, post_type: 'vip', visibility: 'subscribers' });

function renderProfile(path = '/valeria_rios?tab=vip') {
  return renderRoutes(
    [
      { path: '/:username', Component: ProfileRoute },
      { path: '/login', element: <p>Pantalla de login</p> },
    ],
    [path],
  );
}

describe('VIP tab', () => {
  it("offers the monthly price and 'Suscribirme' over blurred covers of the locked items, never their media", async () => {
    signIn();
    mockApi({
      'GET /api/profile/valeria_rios': makeProfile({ posts: [makePost({ id: 'g1' }), lockedVip('v1'), lockedVip('v2')] }),
      'GET /api/users/valeria_rios/vip': makeVip(),
    });
    renderProfile();
    const panel = await screen.findByTestId('vip-locked');
    expect(within(panel).getByTestId('vip-price')).toHaveTextContent(/^9,99\s?US\$ al mes$/);
    expect(within(panel).getByRole('button', { name: 'Suscribirme' })).toBeEnabled();
    const covers = within(panel).getAllByTestId('vip-cover');
    expect(covers).toHaveLength(2);
    expect(covers[0]).toHaveAccessibleName('Contenido VIP bloqueado');
    expect(panel.querySelector('img')).toBeNull();
    expect(within(panel).queryByRole('link')).not.toBeInTheDocument();
  });

  it('unlocks without a reload once paid: the content, and how the subscription stands', async () => {
    signIn();
    let paid = false;
    const fetchMock = mockApi({
      'GET /api/profile/valeria_rios': () => jsonResponse(200, makeProfile({ posts: paid ? [openVip('v1'), openVip('v2')] : [lockedVip('v1'), lockedVip('v2')] })),
      'GET /api/users/valeria_rios/vip': () =>
        jsonResponse(200, paid ? makeVip({ isSubscribed: true, status: 'active', currentPeriodEnd: '2026-12-25T10:00:00.000Z' }) : makeVip()),
      'GET /api/payments/info': info,
      'POST /api/users/valeria_rios/vip/subscribe': () => {
        paid = true;
        return jsonResponse(200, {
          success: true,
          subscription: makeSubscription(),
        });
      },
    });
    const { history } = renderProfile();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Suscribirme' }));
    const sheet = await screen.findByRole('dialog', { name: 'Suscripción VIP' });
    await user.type(await within(sheet).findByLabelText('Número de tarjeta'), '4242424242424242');
    await user.type(within(sheet).getByLabelText('Vencimiento (MM/AA)'), '1230');
    await user.type(within(sheet).getByLabelText('CVV'), '123');
    await user.click(within(sheet).getByRole('checkbox'));
    await user.click(within(sheet).getByRole('button', { name: /Pagar/ }));
    await user.click(await within(sheet).findByRole('button', { name: 'Ver contenido VIP' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByTestId('vip-standing')).toHaveTextContent('Suscrito · se renueva el 25 dic 2026');
    const tiles = within(screen.getByTestId('post-grid')).getAllByTestId('post-tile');
    expect(tiles).toHaveLength(2);
    expect(within(tiles[0]!).getByRole('link')).toHaveAttribute('href', '/post/vip-v1');
    expect(history.location.search).toBe('?tab=vip');
    // Read again from the server, not patched: the profile and the offer were each fetched twice.
    expect(calls(fetchMock).filter((call) => call === 'GET /api/profile/valeria_rios')).toHaveLength(2);
  });

  it('tells a subscriber who cancelled until when the access lasts', async () => {
    signIn();
    mockApi({
      'GET /api/profile/valeria_rios': makeProfile({ posts: [openVip('v1')] }),
      'GET /api/users/valeria_rios/vip': makeVip({ isSubscribed: true, status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: '2026-12-25T10:00:00.000Z' }),
    });
    renderProfile();
    expect(await screen.findByTestId('vip-standing')).toHaveTextContent('Cancelada · acceso hasta 25 dic 2026');
    expect(screen.getByRole('link', { name: 'Gestionar' })).toHaveAttribute('href', '/settings/subscriptions');
    expect(screen.queryByRole('button', { name: 'Suscribirme' })).not.toBeInTheDocument();
  });

  it('says so when the creator offers no VIP', async () => {
    signIn();
    mockApi({
      'GET /api/profile/valeria_rios': makeProfile({ posts: [] }),
      'GET /api/users/valeria_rios/vip': makeVip({ enabled: false, monthlyPrice: null, storyPrice: null }),
    });
    renderProfile();
    expect(await screen.findByTestId('vip-not-offered')).toHaveTextContent('@valeria_rios no ofrece contenido VIP.');
    expect(screen.queryByRole('button', { name: 'Suscribirme' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Comprar Story' })).toBeDisabled();
  });

  it('asks a guest to sign in before paying', async () => {
    mockApi({ 'GET /api/profile/valeria_rios': makeProfile({ posts: [lockedVip('v1')] }), 'GET /api/users/valeria_rios/vip': makeVip() });
    renderProfile();
    await userEvent.click(await screen.findByRole('button', { name: 'Suscribirme' }));
    expect(await screen.findByTestId('login-prompt')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Suscripción VIP' })).not.toBeInTheDocument();
  });
});

describe("'Comprar Story'", () => {
  it('is disabled, with the reason, when no VIP story is locked now', async () => {
    signIn();
    mockApi({ 'GET /api/profile/valeria_rios': makeProfile(), 'GET /api/users/valeria_rios/vip': makeVip({ lockedStories: 0 }) });
    renderProfile('/valeria_rios');
    const button = await screen.findByRole('button', { name: 'Comprar Story' });
    await screen.findByText('No hay historias VIP por desbloquear ahora.');
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('No hay historias VIP por desbloquear ahora.');
  });

  it('opens the sheet for the story price when stories are locked, and unlocks them', async () => {
    signIn();
    let unlocked = false;
    const fetchMock = mockApi({
      'GET /api/profile/valeria_rios': makeProfile(),
      'GET /api/users/valeria_rios/vip': () => jsonResponse(200, makeVip({ lockedStories: unlocked ? 0 : 2 })),
      'GET /api/payments/info': info,
      'POST /api/users/valeria_rios/vip/stories/purchase': () => {
        unlocked = true;
        return jsonResponse(200, { success: true, unlocked: 2, message: 'Historias desbloqueadas.' });
      },
    });
    renderProfile('/valeria_rios');
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Comprar Story' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    const sheet = await screen.findByRole('dialog', { name: 'Comprar Story' });
    expect(await within(sheet).findByTestId('payment-summary')).toHaveTextContent(/Desbloquea las 2 historias VIP activas ahora\..*4,99\s?US\$ · pago único/);
    await user.type(within(sheet).getByLabelText('Número de tarjeta'), '4242424242424242');
    await user.type(within(sheet).getByLabelText('Vencimiento (MM/AA)'), '1230');
    await user.type(within(sheet).getByLabelText('CVV'), '123');
    await user.click(within(sheet).getByRole('checkbox'));
    await user.click(within(sheet).getByRole('button', { name: /Pagar 4,99/ }));
    expect(await within(sheet).findByText('Historias desbloqueadas.')).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: 'Ver historias' })).toBeInTheDocument();
    expect(calls(fetchMock)).toContain('POST /api/users/valeria_rios/vip/stories/purchase');
  });
});

describe('VIP tab of the owner', () => {
  it('shows their own VIP posts and the way to their prices, without an offer', async () => {
    signIn('valeria_rios');
    mockApi({ 'GET /api/profile/valeria_rios': makeProfile({ isOwner: true, posts: [openVip('v1')] }) });
    renderProfile();
    expect(await screen.findByTestId('vip-owner-link')).toHaveAttribute('href', '/creator');
    expect(within(screen.getByTestId('post-grid')).getAllByTestId('post-tile')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Suscribirme' })).not.toBeInTheDocument();
  });
});
