import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '../../../test/render-routes';
import { IdentityRequestPage } from './identity-request-page';
import { ModerationQueuePage } from './moderation-queue-page';

const ID = '0b6f6c2e-5f7a-4a53-9a8e-222222222222';
const me = { success: true, user: { id: 'm1', username: 'moni', fullName: null, email: 'm@example.test', emailConfirmed: true, profilePictureUrl: null, isVerified: false, role: 'moderator' } };
const queue = {
  items: [
    { id: ID, user: { username: 'carla', fullName: 'Carla R.', birthDate: '1990-01-01' }, dob: '1991-02-02', dobMatches: false, createdAt: '2026-11-20T10:00:00.000Z' },
    { id: 'b5', user: { username: 'dani', fullName: null, birthDate: '1995-04-12' }, dob: '1995-04-12', dobMatches: true, createdAt: '2026-11-19T10:00:00.000Z' },
  ],
  nextCursor: null,
};
const request = { ...queue.items[0], status: 'pending', reason: null, decidedAt: null, documentsDeleted: false, documents: ['front', 'back', 'selfie'] };

/** The desk's server: the moderator, the queue, the request, its three images, and decisions. */
function server() {
  const decisions: unknown[] = [];
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/me') return jsonResponse(200, me);
    if (url === '/api/moderation/identity') return jsonResponse(200, queue);
    if (url === `/api/moderation/identity/${ID}`) return jsonResponse(200, request);
    const document = new RegExp(`^/api/moderation/identity/${ID}/documents/(front|back|selfie)$`).exec(url);
    if (document) return new Response(new Blob([`imagen-${document[1]}`], { type: 'image/png' }), { status: 200, headers: { 'Content-Type': 'image/png' } });
    if (url === `/api/moderation/identity/${ID}/decision` && init?.method === 'POST') {
      decisions.push(JSON.parse(String(init.body)));
      return jsonResponse(200, { success: true, message: 'Solicitud rechazada.', request: { ...request, status: 'rejected', reason: 'Borrosa' } });
    }
    return jsonResponse(404, { success: false, message: 'No encontrado.' });
  });
  return { fetchMock, decisions };
}

beforeEach(() => {
  localStorage.setItem('token', 'tok-mod');
  localStorage.setItem('username', 'moni');
  let made = 0;
  URL.createObjectURL = vi.fn(() => `blob:wag/${++made}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe('the Identidad queue of the desk', () => {
  it('is a tab listing pending requests, the date-of-birth mismatch flagged', async () => {
    server();
    const { history } = renderRoutes([{ path: '/moderation', Component: ModerationQueuePage }], ['/moderation']);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Identidad' }));
    expect(history.location.search).toBe('?queue=identity');
    const rows = await screen.findAllByTestId('identity-item');
    expect(rows.map((row) => row.getAttribute('href'))).toEqual([`/moderation/identity/${ID}`, '/moderation/identity/b5']);
    expect(within(rows[0]!).getByText('Fecha de nacimiento distinta')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('Fecha enviada: 1991-02-02 · fecha de la cuenta: 1990-01-01');
    expect(within(rows[1]!).queryByText('Fecha de nacimiento distinta')).not.toBeInTheDocument();
  });

  it('shows the three documents side by side, fetched with the token as blobs, and decides with a reason', async () => {
    const { fetchMock, decisions } = server();
    renderRoutes([{ path: '/moderation/identity/:id', Component: IdentityRequestPage }], [`/moderation/identity/${ID}`]);
    const user = userEvent.setup();

    for (const [name, label] of [['front', 'Frente del documento'], ['back', 'Dorso del documento'], ['selfie', 'Selfie']] as const) {
      const image = await within(await screen.findByTestId(`identity-document-${name}`)).findByRole('img', { name: label });
      expect(image.getAttribute('src')).toMatch(/^blob:wag\//);
      const call = fetchMock.mock.calls.find(([url]) => String(url) === `/api/moderation/identity/${ID}/documents/${name}`)!;
      expect(new Headers(call[1]?.headers).get('Authorization')).toBe('Bearer tok-mod');
    }
    // The documents are never addressed by a URL an image tag could open without the token.
    expect(document.querySelectorAll('img[src^="/api"], img[src^="/media"]')).toHaveLength(0);
    expect(screen.getByTestId('identity-dob')).toHaveTextContent('Fecha de nacimiento distinta');

    await user.click(screen.getByRole('button', { name: 'Rechazar' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Escribe el motivo del rechazo.');
    expect(decisions).toEqual([]);
    await user.type(screen.getByLabelText('Motivo (obligatorio para rechazar)'), 'Borrosa');
    await user.click(screen.getByRole('button', { name: 'Rechazar' }));
    await waitFor(() => expect(decisions).toEqual([{ decision: 'reject', reason: 'Borrosa' }]));
  });
});
