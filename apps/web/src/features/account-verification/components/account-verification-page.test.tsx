import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderRoutes } from '../../../test/render-routes';
import { mockApi, signIn } from '../../../test/social-fixtures';
import { AccountVerificationPage } from './account-verification-page';

const info = { provider: 'sandbox', testMode: true, currency: 'USD', platformFeePercent: 20, verificationFee: 100 };

const renderPage = () => {
  signIn();
  return renderRoutes([{ path: '/settings/verification/account', Component: AccountVerificationPage }], ['/settings/verification/account']);
};

describe('AccountVerificationPage', () => {
  it("says 'Cuenta verificada' once the account is verified", async () => {
    mockApi({ 'GET /api/payments/info': info, 'GET /api/verification/status': { identity: 'approved', identityReason: null, account: 'active' } });
    renderPage();
    expect(await screen.findByTestId('account-verified')).toHaveTextContent('Cuenta verificada');
    expect(screen.queryByTestId('payment-form')).not.toBeInTheDocument();
  });

  it('explains that the identity must be approved first, with a link to it', async () => {
    mockApi({ 'GET /api/payments/info': info, 'GET /api/verification/status': { identity: 'none', identityReason: null, account: 'none' } });
    renderPage();
    const state = await screen.findByTestId('identity-first');
    expect(state).toHaveTextContent('Primero verifica tu identidad');
    expect(within(state).getByRole('link', { name: 'Ir a la verificación de identidad' })).toHaveAttribute('href', '/settings/verification/identity');
    expect(screen.queryByTestId('payment-form')).not.toBeInTheDocument();
  });

  it("gives a rejected identity's reason", async () => {
    mockApi({ 'GET /api/payments/info': info, 'GET /api/verification/status': { identity: 'rejected', identityReason: 'La foto del documento no se lee.', account: 'none' } });
    renderPage();
    expect(await screen.findByTestId('identity-reason')).toHaveTextContent('Tu verificación de identidad fue rechazada: La foto del documento no se lee.');
    expect(screen.getByRole('link', { name: 'Ir a la verificación de identidad' })).toBeInTheDocument();
  });

  it('says a pending identity is being reviewed', async () => {
    mockApi({ 'GET /api/payments/info': info, 'GET /api/verification/status': { identity: 'pending', identityReason: null, account: 'none' } });
    renderPage();
    expect(await screen.findByTestId('identity-first')).toHaveTextContent('Tu identidad está en revisión.');
  });

  it('takes the one-time fee with the payment form, then shows the account verified', async () => {
    let paid = false;
    let body: unknown = null;
    mockApi({
      'GET /api/payments/info': info,
      'GET /api/verification/status': () => jsonResponse(200, { identity: 'approved', identityReason: null, account: paid ? 'active' : 'none' }),
      'POST /api/verification/account': (init) => {
        paid = true;
        body = JSON.parse(String(init?.body));
        return jsonResponse(200, { success: true, account: 'active', message: '¡Cuenta verificada!' });
      },
    });
    renderPage();
    const user = userEvent.setup();
    const payment = await screen.findByTestId('account-verification-payment');
    expect(await within(payment).findByTestId('payment-summary')).toHaveTextContent(/1,00\s?US\$ · pago único/);
    expect(screen.getByText(/con un pago único de 1,00\s?US\$/)).toBeInTheDocument();
    expect(within(payment).getByTestId('test-mode-banner')).toBeInTheDocument();
    await user.type(within(payment).getByLabelText('Número de tarjeta'), '4242 4242 4242 4242');
    await user.type(within(payment).getByLabelText('Vencimiento (MM/AA)'), '12/30');
    await user.type(within(payment).getByLabelText('CVV'), '123');
    await user.click(within(payment).getByRole('checkbox'));
    await user.click(within(payment).getByRole('button', { name: /Pagar 1,00/ }));
    expect(await screen.findByTestId('account-verified')).toHaveTextContent('Cuenta verificada');
    expect(body).toEqual({ cardNumber: '4242424242424242', expiryDate: '12/30', cvv: '123', acceptImmediateAccess: true });
  });
});
