import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Purchase } from '../../lib/queries/payments';
import { jsonResponse, renderRoutes } from '../../test/render-routes';
import { calls, deferred, mockApi, signIn } from '../../test/social-fixtures';
import { makeSubscription, makeVip, sandboxInfo } from '../../test/payment-fixtures';
import { cardProblems, formatCardNumber, formatExpiry } from './card-form';
import { PaymentSheet } from './payment-sheet';

const subscription = makeSubscription();

/** A page with a button that opens the sheet, as the profile and the feed cards do. */
function Opener({ purchase, onRedirect }: { purchase: Purchase; onRedirect?: (url: string) => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      {open ? <PaymentSheet purchase={purchase} onClose={() => setOpen(false)} onRedirect={onRedirect} /> : null}
    </>
  );
}

function renderSheet(purchase: Purchase = { kind: 'subscribe', username: 'valeria_rios' }, onRedirect?: (url: string) => void) {
  signIn();
  return renderRoutes([{ path: '/', element: <Opener purchase={purchase} onRedirect={onRedirect} /> }]);
}

async function fillCard(user: ReturnType<typeof userEvent.setup>, number = '4242424242424242', expiry = '1230', cvv = '123') {
  await user.type(await screen.findByLabelText('Número de tarjeta'), number);
  await user.type(screen.getByLabelText('Vencimiento (MM/AA)'), expiry);
  await user.type(screen.getByLabelText('CVV'), cvv);
}

const accept = () => screen.getByRole('checkbox', { name: 'Acepto que el acceso empieza de inmediato y renuncio a mi derecho de desistimiento' });

describe('card form helpers', () => {
  it('groups the number by four, writes the expiry as MM/AA and checks Luhn, the format and the CVV', () => {
    expect(formatCardNumber('4242-4242 4242x4242')).toBe('4242 4242 4242 4242');
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('12/')).toBe('12/');
    expect(cardProblems({ cardNumber: '', expiryDate: '', cvv: '' })).toEqual({ cardNumber: 'cardNumberRequired', expiryDate: 'expiryRequired', cvv: 'cvvRequired' });
    expect(cardProblems({ cardNumber: '4242 4242 4242 4241', expiryDate: '13/30', cvv: '12' })).toEqual({ cardNumber: 'cardNumberInvalid', expiryDate: 'expiryInvalid', cvv: 'cvvInvalid' });
    expect(cardProblems({ cardNumber: '4000 0000 0000 0002', expiryDate: '01/31', cvv: '1234' })).toEqual({ cardNumber: null, expiryDate: null, cvv: null });
  });
});

describe('PaymentSheet', () => {
  it('says what is bought and for how much, and names the test cards in test mode', async () => {
    mockApi({ 'GET /api/payments/info': sandboxInfo, 'GET /api/users/valeria_rios/vip': makeVip({ lockedStories: 2 }) });
    renderSheet();
    const sheet = await screen.findByRole('dialog', { name: 'Suscripción VIP' });
    expect(await within(sheet).findByTestId('payment-summary')).toHaveTextContent('VIP de @valeria_rios');
    expect(within(sheet).getByTestId('payment-summary')).toHaveTextContent(/9,99\s?US\$ al mes/);
    const banner = within(sheet).getByRole('note');
    expect(banner).toHaveTextContent('Modo de prueba');
    expect(banner).toHaveTextContent('4242 4242 4242 4242 (aprobada)');
    expect(banner).toHaveTextContent('4000 0000 0000 0002 (rechazada)');
    const number = within(sheet).getByLabelText('Número de tarjeta');
    expect(number).toHaveAttribute('autocomplete', 'cc-number');
    expect(number).toHaveAttribute('inputmode', 'numeric');
    expect(within(sheet).getByLabelText('Vencimiento (MM/AA)')).toHaveAttribute('autocomplete', 'cc-exp');
    expect(within(sheet).getByLabelText('CVV')).toHaveAttribute('autocomplete', 'cc-csc');
    expect(within(sheet).getByText('3 o 4 dígitos')).toBeInTheDocument();
  });

  it('shows no test banner out of test mode', async () => {
    mockApi({ 'GET /api/payments/info': { ...sandboxInfo, testMode: false }, 'GET /api/users/valeria_rios/vip': makeVip({ lockedStories: 2 }) });
    renderSheet();
    expect(await screen.findByLabelText('Número de tarjeta')).toBeInTheDocument();
    expect(screen.queryByTestId('test-mode-banner')).not.toBeInTheDocument();
  });

  it('asks for every field and the agreement before sending anything', async () => {
    const fetchMock = mockApi({ 'GET /api/payments/info': sandboxInfo, 'GET /api/users/valeria_rios/vip': makeVip({ lockedStories: 2 }) });
    renderSheet();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Pagar/ }));
    expect(screen.getByText('Escribe el número de la tarjeta.')).toBeInTheDocument();
    expect(screen.getByText('Escribe la fecha de vencimiento.')).toBeInTheDocument();
    expect(screen.getByText('Escribe el CVV.')).toBeInTheDocument();
    expect(screen.getByText('Acepta que el acceso empieza de inmediato para poder pagar.')).toBeInTheDocument();
    // The first field with a problem takes the focus.
    expect(screen.getByLabelText('Número de tarjeta')).toHaveFocus();

    await fillCard(user, '4242424242424241', '1', '12');
    expect(screen.getByText('El número de la tarjeta no es válido.')).toBeInTheDocument();
    expect(screen.getByText('La fecha de vencimiento debe tener el formato MM/AA.')).toBeInTheDocument();
    expect(screen.getByText('El CVV debe tener 3 o 4 dígitos.')).toBeInTheDocument();
    expect(calls(fetchMock).filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  it('does not pay without the agreement, and sends it with the card once given', async () => {
    let body: unknown = null;
    const fetchMock = mockApi({
      'GET /api/payments/info': sandboxInfo,
      'GET /api/users/valeria_rios/vip': makeVip({ lockedStories: 2 }),
      'POST /api/users/valeria_rios/vip/subscribe': (init) => {
        body = JSON.parse(String(init?.body));
        return jsonResponse(200, { success: true, subscription });
      },
    });
    renderSheet();
    const user = userEvent.setup();
    await fillCard(user);
    expect(screen.getByLabelText('Número de tarjeta')).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByLabelText('Vencimiento (MM/AA)')).toHaveValue('12/30');
    await user.click(screen.getByRole('button', { name: /Pagar/ }));
    expect(screen.getByText('Acepta que el acceso empieza de inmediato para poder pagar.')).toBeInTheDocument();
    expect(accept()).toHaveFocus();
    expect(calls(fetchMock).filter((call) => call.startsWith('POST'))).toEqual([]);

    await user.click(accept());
    await user.click(screen.getByRole('button', { name: /Pagar/ }));
    expect(await screen.findByText('¡Listo! Ya eres suscriptor VIP de @valeria_rios.')).toBeInTheDocument();
    expect(screen.getByText(/Tu suscripción se renueva el 25 dic 2026/)).toBeInTheDocument();
    expect(body).toEqual({ cardNumber: '4242424242424242', expiryDate: '12/30', cvv: '123', acceptImmediateAccess: true });
    // The card is gone from the screen once paid.
    expect(screen.queryByLabelText('Número de tarjeta')).not.toBeInTheDocument();
  });

  it("shows 'Procesando pago…' with the button disabled while paying, and will not close meanwhile", async () => {
    const answer = deferred<Response>();
    mockApi({
      'GET /api/payments/info': sandboxInfo,
      'GET /api/users/valeria_rios/vip': makeVip({ lockedStories: 2 }),
      'POST /api/users/valeria_rios/vip/subscribe': () => answer.promise,
    });
    renderSheet();
    const user = userEvent.setup();
    await fillCard(user);
    await user.click(accept());
    await user.click(screen.getByRole('button', { name: /Pagar/ }));
    const button = screen.getByTestId('pay-button');
    expect(button).toHaveTextContent('Procesando pago…');
    expect(button).toBeDisabled();
    expect(screen.getByLabelText('Número de tarjeta')).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    answer.resolve(jsonResponse(200, { success: true, subscription }));
    expect(await screen.findByTestId('payment-success')).toBeInTheDocument();
  });

  it("shows the server's decline and lets the buyer try again", async () => {
    let attempts = 0;
    mockApi({
      'GET /api/payments/info': sandboxInfo,
      'GET /api/users/valeria_rios/vip': makeVip({ lockedStories: 2 }),
      'POST /api/users/valeria_rios/vip/subscribe': () => {
        attempts += 1;
        return jsonResponse(402, { success: false, message: 'Tu tarjeta fue rechazada.' });
      },
    });
    renderSheet();
    const user = userEvent.setup();
    await fillCard(user, '4000000000000002');
    await user.click(accept());
    await user.click(screen.getByRole('button', { name: /Pagar/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Tu tarjeta fue rechazada.');
    const button = screen.getByTestId('pay-button');
    expect(button).toBeEnabled();
    expect(button).toHaveTextContent(/Pagar 9,99/);
    expect(attempts).toBe(1);
  });

  it("shows the server's message for a card it refuses (an expired one)", async () => {
    mockApi({
      'GET /api/payments/info': sandboxInfo,
      'GET /api/users/valeria_rios/vip': makeVip({ lockedStories: 2 }),
      'POST /api/users/valeria_rios/vip/subscribe': () => jsonResponse(400, { success: false, message: 'La tarjeta está vencida.' }),
    });
    renderSheet();
    const user = userEvent.setup();
    await fillCard(user, '4242424242424242', '0120');
    await user.click(accept());
    await user.click(screen.getByRole('button', { name: /Pagar/ }));
    expect(await screen.findByTestId('payment-error')).toHaveTextContent('La tarjeta está vencida.');
  });

  it("sends a hosted processor's buyer to its form: no card fields, only the agreement", async () => {
    let body: unknown = null;
    const onRedirect = vi.fn();
    mockApi({
      'GET /api/payments/info': { ...sandboxInfo, provider: 'ccbill', testMode: false },
      'GET /api/users/valeria_rios/vip': makeVip({ lockedStories: 2 }),
      'POST /api/users/valeria_rios/vip/subscribe': (init) => {
        body = JSON.parse(String(init?.body));
        return jsonResponse(200, { success: true, checkoutUrl: 'https://checkout.example/form?id=1' });
      },
    });
    renderSheet(undefined, onRedirect);
    const user = userEvent.setup();
    const go = await screen.findByRole('button', { name: 'Continuar al pago seguro' });
    expect(screen.queryByLabelText('Número de tarjeta')).not.toBeInTheDocument();
    await user.click(accept());
    await user.click(go);
    await waitFor(() => expect(onRedirect).toHaveBeenCalledWith('https://checkout.example/form?id=1'));
    expect(body).toEqual({ acceptImmediateAccess: true });
    expect(screen.getByTestId('pay-button')).toHaveTextContent('Procesando pago…');
  });

  it('closes with Escape and forgets the card typed', async () => {
    mockApi({ 'GET /api/payments/info': sandboxInfo, 'GET /api/users/valeria_rios/vip': makeVip({ lockedStories: 2 }) });
    renderSheet();
    const user = userEvent.setup();
    await fillCard(user);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    expect(await screen.findByLabelText('Número de tarjeta')).toHaveValue('');
  });

  it('keeps the focus inside the sheet', async () => {
    mockApi({ 'GET /api/payments/info': sandboxInfo, 'GET /api/users/valeria_rios/vip': makeVip({ lockedStories: 2 }) });
    renderSheet();
    const user = userEvent.setup();
    const sheet = await screen.findByRole('dialog');
    await screen.findByLabelText('Número de tarjeta');
    for (let step = 0; step < 12; step += 1) {
      await user.tab();
      expect(sheet.contains(document.activeElement)).toBe(true);
    }
  });

  it("buys a creator's locked stories for the story price, with the server's message", async () => {
    mockApi({
      'GET /api/payments/info': sandboxInfo,
      'GET /api/users/valeria_rios/vip': makeVip({ lockedStories: 3 }),
      'POST /api/users/valeria_rios/vip/stories/purchase': { success: true, unlocked: 3, message: 'Historias desbloqueadas.' },
    });
    renderSheet({ kind: 'stories', username: 'valeria_rios' });
    const user = userEvent.setup();
    expect(await screen.findByRole('dialog', { name: 'Comprar Story' })).toBeInTheDocument();
    expect(await screen.findByTestId('payment-summary')).toHaveTextContent('Desbloquea las 3 historias VIP activas ahora.');
    expect(screen.getByTestId('payment-summary')).toHaveTextContent(/4,99\s?US\$ · pago único/);
    await fillCard(user);
    await user.click(accept());
    await user.click(screen.getByRole('button', { name: /Pagar 4,99/ }));
    expect(await screen.findByText('Historias desbloqueadas.')).toBeInTheDocument();
  });

  it('says there is nothing to buy when the creator offers no VIP', async () => {
    mockApi({ 'GET /api/payments/info': sandboxInfo, 'GET /api/users/valeria_rios/vip': makeVip({ enabled: false, monthlyPrice: null, storyPrice: null }) });
    renderSheet();
    expect(await screen.findByTestId('payment-unavailable')).toHaveTextContent('@valeria_rios no ofrece contenido VIP.');
    expect(screen.queryByRole('button', { name: /Pagar/ })).not.toBeInTheDocument();
  });
});
