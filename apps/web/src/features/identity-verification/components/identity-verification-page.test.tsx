import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '../../../test/render-routes';
import { IdentityVerificationPage } from './identity-verification-page';

type Status = { identity: 'none' | 'pending' | 'approved' | 'rejected'; identityReason: string | null; account: 'none' | 'active' };

/** A server answering the status (as it stands) and taking a request, which makes it pending. */
function server(initial: Status) {
  let status = initial;
  const sent: FormData[] = [];
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/verification/status') return jsonResponse(200, status);
    if (url === '/api/verification/identity' && init?.method === 'POST') {
      sent.push(init.body as FormData);
      status = { identity: 'pending', identityReason: null, account: 'none' };
      return jsonResponse(200, { success: true, status: 'pending', message: 'Documentos enviados. Te avisaremos cuando los hayamos revisado.' });
    }
    return jsonResponse(404, { success: false, message: 'No encontrado.' });
  });
  return { fetchMock, sent };
}

const image = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

function renderPage() {
  return renderRoutes([{ path: '/settings/verification/identity', Component: IdentityVerificationPage }], ['/settings/verification/identity']);
}

beforeEach(() => {
  localStorage.setItem('token', 'tok-1');
  localStorage.setItem('username', 'ana');
});
afterEach(() => vi.restoreAllMocks());

describe('the identity verification form', () => {
  it('asks for the date of birth and all three images, images only, before sending', async () => {
    const { fetchMock } = server({ identity: 'none', identityReason: null, account: 'none' });
    renderPage();
    const user = userEvent.setup({ applyAccept: false });
    const submit = await screen.findByRole('button', { name: 'Enviar solicitud' });
    expect(screen.getByText(/se eliminan 30 días después de la decisión/)).toBeInTheDocument();

    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Debes ingresar tu fecha de nacimiento.');
    await user.type(screen.getByLabelText('Fecha de nacimiento'), '1994-03-08');
    await user.upload(screen.getByLabelText('Documento de identidad: frente'), image('frente.png'));
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Sube las tres imágenes: frente y dorso del documento y una selfie.');
    await user.upload(screen.getByLabelText('Documento de identidad: dorso'), new File(['%PDF-1.4'], 'dorso.pdf', { type: 'application/pdf' }));
    await user.upload(screen.getByLabelText('Selfie'), image('selfie.png'));
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Los archivos deben ser imágenes.');
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/verification/identity')).toEqual([]);
  });

  it('sends dob, idFront, idBack and selfie, then shows the request as pending', async () => {
    const { sent } = server({ identity: 'none', identityReason: null, account: 'none' });
    renderPage();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Fecha de nacimiento'), '1994-03-08');
    await user.upload(screen.getByLabelText('Documento de identidad: frente'), image('frente.png'));
    await user.upload(screen.getByLabelText('Documento de identidad: dorso'), image('dorso.png'));
    await user.upload(screen.getByLabelText('Selfie'), image('selfie.png'));
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));

    expect(await screen.findByTestId('identity-pending')).toHaveTextContent('Solicitud enviada');
    expect(sent).toHaveLength(1);
    const body = sent[0]!;
    expect(body.get('dob')).toBe('1994-03-08');
    expect((body.get('idFront') as File).name).toBe('frente.png');
    expect((body.get('idBack') as File).name).toBe('dorso.png');
    expect((body.get('selfie') as File).name).toBe('selfie.png');
  });

  it('shows a rejection with its reason and a way to send again; an approval as done', async () => {
    server({ identity: 'rejected', identityReason: 'La foto está borrosa', account: 'none' });
    const first = renderPage();
    const user = userEvent.setup();
    expect(await screen.findByTestId('identity-rejected')).toHaveTextContent('Motivo: La foto está borrosa');
    expect(screen.queryByTestId('identity-form')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enviar de nuevo' }));
    expect(screen.getByTestId('identity-form')).toBeInTheDocument();
    first.unmount();

    vi.restoreAllMocks();
    server({ identity: 'approved', identityReason: null, account: 'none' });
    renderPage();
    expect(await screen.findByTestId('identity-approved')).toHaveTextContent('Identidad verificada');
    await waitFor(() => expect(screen.queryByTestId('identity-form')).not.toBeInTheDocument());
  });
});
