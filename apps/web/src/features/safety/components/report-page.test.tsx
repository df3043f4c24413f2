import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '../../../test/render-routes';
import { ReportContentPage, ReportUserPage } from './report-page';

function renderReport(entry: string) {
  return renderRoutes(
    [
      { path: '/report-user/:username', Component: ReportUserPage },
      { path: '/report/:subjectType/:subjectId', Component: ReportContentPage },
    ],
    [entry],
  );
}

const signIn = () => {
  localStorage.setItem('token', 'tok-1');
  localStorage.setItem('username', 'ana');
};

afterEach(() => localStorage.clear());

describe('the report form', () => {
  it('requires a reason before calling the server, counts details up to 1,000 and sends the code', async () => {
    signIn();
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(201, { success: true, report: { id: 'r1', status: 'open' } }));
    renderReport('/report/post/0b6f6c2e-5f7a-4a53-9a8e-111111111111');
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { name: 'Reportar publicación' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enviar reporte' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Elige un motivo para el reporte.');
    expect(fetchMock).not.toHaveBeenCalled();

    // The nine reasons, by their Spanish labels.
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options.slice(1)).toEqual([
      'Contenido inapropiado',
      'Acoso o intimidación',
      'Suplantación de identidad',
      'Spam o fraude',
      'Discurso de odio',
      'Violencia o amenazas',
      'Otro',
      'Menor de edad',
      'Contenido íntimo sin consentimiento',
    ]);
    await user.selectOptions(screen.getByLabelText('Motivo'), 'Menor de edad');
    expect(screen.getByText('Este motivo oculta el contenido a todos mientras lo revisamos.')).toBeInTheDocument();
    const details = screen.getByLabelText('Detalles (opcional)');
    expect(details).toHaveAttribute('maxLength', '1000');
    await user.type(details, 'Parece muy joven');
    expect(screen.getByText('16 / 1000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enviar reporte' }));

    expect(await screen.findByRole('heading', { name: 'Reporte Enviado' })).toBeInTheDocument();
    expect(screen.getByText('Gracias por tu reporte. Lo revisaremos lo antes posible.')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/reports');
    expect(JSON.parse(String(init?.body))).toEqual({
      subjectType: 'post',
      subjectId: '0b6f6c2e-5f7a-4a53-9a8e-111111111111',
      reason: 'underage',
      details: 'Parece muy joven',
      email: null,
    });
  });

  it('asks a guest for a contact email, and shows the server’s refusal', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(jsonResponse(400, { success: false, message: 'Para reportar sin una cuenta, indica un correo electrónico de contacto.' }));
    renderReport('/report-user/bea');
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { name: 'Reportar a @bea' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Motivo'), 'Spam o fraude');
    await user.click(screen.getByRole('button', { name: 'Enviar reporte' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Para reportar sin una cuenta, indica un correo electrónico de contacto.'));
    await user.type(screen.getByLabelText('Tu correo electrónico'), 'testigo@example.com');
    fetchMock.mockResolvedValue(jsonResponse(201, { success: true, report: { id: 'r2', status: 'open' } }));
    await user.click(screen.getByRole('button', { name: 'Enviar reporte' }));
    expect(await screen.findByRole('heading', { name: 'Reporte Enviado' })).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1]?.body))).toMatchObject({ subjectType: 'user', subjectId: 'bea', reason: 'spam', email: 'testigo@example.com' });
    // A guest is not offered to block, nor "Mis reportes".
    expect(screen.queryByRole('button', { name: /Bloquear/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Ver mis reportes' })).toBeNull();
  });

  it('tells a guest to sign in to report a comment or a message', () => {
    renderReport('/report/comment/abc');
    expect(screen.getByText('Para reportar un comentario o un mensaje, inicia sesión.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar reporte' })).toBeNull();
  });

  it('offers a signed-in person to block the one they reported', async () => {
    signIn();
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(201, { success: true, report: { id: 'r3', status: 'open' } }));
    renderReport('/report-user/bea');
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Motivo'), 'Acoso o intimidación');
    await user.click(screen.getByRole('button', { name: 'Enviar reporte' }));
    fetchMock.mockResolvedValue(jsonResponse(200, { success: true, blocked: true }));
    await user.click(await screen.findByRole('button', { name: 'Bloquear a @bea' }));
    expect(await screen.findByText('Has bloqueado a @bea.')).toBeInTheDocument();
    const last = fetchMock.mock.calls.at(-1)!;
    expect([String(last[0]), last[1]?.method]).toEqual(['/api/blocks/bea', 'POST']);
  });
});
