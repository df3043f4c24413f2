import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Gates } from './gates';
import { AGE_KEY, CONSENT_KEY } from './gate-storage';

function renderGates(onLeave = vi.fn()) {
  render(
    <Gates onLeave={onLeave}>
      <button type="button">Contenido</button>
    </Gates>,
  );
  return onLeave;
}

describe('Gates', () => {
  it('asks for consent first, then for age, and keeps the app inert until both are accepted', async () => {
    renderGates();
    const user = userEvent.setup();
    expect(screen.getByTestId('consent-gate')).toBeInTheDocument();
    expect(screen.queryByTestId('age-gate')).not.toBeInTheDocument();
    expect(screen.getByText('Contenido').closest('[inert]')).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Aceptar y continuar' }));
    expect(localStorage.getItem(CONSENT_KEY)).toBe('1');
    expect(screen.getByTestId('age-gate')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Tengo 18 años o más' }));
    expect(localStorage.getItem(AGE_KEY)).toBe('1');
    expect(screen.queryByTestId('age-gate')).not.toBeInTheDocument();
    expect(screen.getByText('Contenido').closest('[inert]')).toBeNull();
  });

  it('does not ask again once both were accepted', () => {
    localStorage.setItem(CONSENT_KEY, '1');
    localStorage.setItem(AGE_KEY, '1');
    renderGates();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('sends the visitor away when declining consent', async () => {
    const onLeave = renderGates();
    await userEvent.click(screen.getByRole('button', { name: 'Rechazar' }));
    expect(onLeave).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(CONSENT_KEY)).toBeNull();
  });

  it("sends the visitor away with 'Abandonar el sitio'", async () => {
    localStorage.setItem(CONSENT_KEY, '1');
    const onLeave = renderGates();
    await userEvent.click(screen.getByRole('button', { name: 'Abandonar el sitio' }));
    expect(onLeave).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(AGE_KEY)).toBeNull();
  });
  it('lets the public documents through without asking, links them from the consent gate, and asks again elsewhere', () => {
    const { rerender } = render(
      <Gates open>
        <button type="button">Política</button>
      </Gates>,
    );
    expect(screen.queryByTestId('consent-gate')).not.toBeInTheDocument();
    expect(screen.getByText('Política').closest('[inert]')).toBeNull();

    rerender(
      <Gates>
        <button type="button">Política</button>
      </Gates>,
    );
    expect(screen.getByTestId('consent-gate')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Política de privacidad' })).toHaveAttribute('href', '/legal/privacy');
    expect(screen.getByRole('link', { name: 'Política de cookies' })).toHaveAttribute('href', '/legal/cookies');
  });
});
