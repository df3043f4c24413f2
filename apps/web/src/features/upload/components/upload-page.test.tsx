import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '../../../test/render-routes';
import { UploadPage } from './upload-page';

/** Uploads go through XMLHttpRequest (for their progress): this one keeps what it was sent and answers 201. */
const sent: FormData[] = [];
class FakeXhr {
  upload = { onprogress: null };
  status = 0;
  responseText = '';
  onload: (() => void) | null = null;
  onloadend: (() => void) | null = null;
  open() {}
  setRequestHeader() {}
  abort() {}
  send(body: FormData) {
    sent.push(body);
    this.status = 201;
    this.responseText = JSON.stringify({ success: true, message: '¡Subido!', postType: 'vip', postSlug: 'vip1', slug: 'vip1' });
    queueMicrotask(() => {
      this.onload?.();
      this.onloadend?.();
    });
  }
}

function serveStatus(identity: 'none' | 'pending' | 'approved') {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
    String(input) === '/api/verification/status' ? jsonResponse(200, { identity, identityReason: null, account: 'none' }) : jsonResponse(404, { success: false, message: 'No encontrado.' }),
  );
}

async function pickPhotoForSubscribers() {
  const user = userEvent.setup();
  await user.upload(screen.getByTestId('upload-input'), new File([new Uint8Array([1, 2, 3])], 'foto.jpg', { type: 'image/jpeg' }));
  await user.selectOptions(screen.getByLabelText('¿Quién puede verlo?'), 'Suscriptores VIP');
  return user;
}

beforeEach(() => {
  localStorage.setItem('token', 'tok-1');
  localStorage.setItem('username', 'ana');
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  sent.length = 0;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const renderUpload = () => renderRoutes([{ path: '/upload', Component: UploadPage }, { path: '/post/:slug', Component: () => <p>publicado</p> }], ['/upload']);

describe('publishing for subscribers', () => {
  it('says identity verification is needed, linking to it, and asks for the consent confirmation', async () => {
    serveStatus('none');
    renderUpload();
    expect(screen.queryByTestId('subscribers-consent')).not.toBeInTheDocument();
    const user = await pickPhotoForSubscribers();
    const link = await screen.findByRole('link', { name: 'Verificar mi identidad' });
    expect(link).toHaveAttribute('href', '/settings/verification/identity');
    await user.click(screen.getByRole('button', { name: 'Publicar' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Confirma que todas las personas que aparecen son mayores de edad');
    expect(sent).toEqual([]);
  });

  it('sends confirmConsent=true once confirmed by a verified creator', async () => {
    serveStatus('approved');
    const { history } = renderUpload();
    const user = await pickPhotoForSubscribers();
    await waitFor(() => expect(screen.getByTestId('subscribers-consent')).toBeInTheDocument());
    expect(screen.queryByRole('link', { name: 'Verificar mi identidad' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /Confirmo que todas las personas que aparecen son mayores de edad/ }));
    await user.click(screen.getByRole('button', { name: 'Publicar' }));
    await waitFor(() => expect(history.location.pathname).toBe('/post/vip1'));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.get('visibility')).toBe('subscribers');
    expect(sent[0]!.get('confirmConsent')).toBe('true');
  });
});

describe('set by the create chooser', () => {
  it('a quicky takes one video: its words, its file types, and no photo', async () => {
    serveStatus('none');
    renderRoutes([{ path: '/upload', Component: UploadPage }], ['/upload?type=quicky']);
    expect(screen.getByRole('heading', { level: 1, name: 'Nuevo Quicky' })).toBeInTheDocument();
    const input = screen.getByTestId('upload-input');
    expect(input).toHaveAttribute('accept', 'video/*');
    expect(input).not.toHaveAttribute('multiple');
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(input, new File([new Uint8Array([1, 2, 3])], 'foto.jpg', { type: 'image/jpeg' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Un Quicky es un vídeo: elige un vídeo.');
    await user.click(screen.getByRole('button', { name: 'Publicar' }));
    expect(sent).toEqual([]);
  });

  it('a post takes photos', () => {
    serveStatus('none');
    renderRoutes([{ path: '/upload', Component: UploadPage }], ['/upload?type=post']);
    expect(screen.getByRole('heading', { level: 1, name: 'Nueva publicación' })).toBeInTheDocument();
    expect(screen.getByTestId('upload-input')).toHaveAttribute('accept', 'image/*');
    expect(screen.getByTestId('upload-input')).toHaveAttribute('multiple');
  });
});
