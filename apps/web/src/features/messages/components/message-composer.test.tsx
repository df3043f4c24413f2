import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render-routes';
import { MessageComposer } from './message-composer';

/** An upload the test drives: progress, an answer, or an abort, when it says so. */
class FakeXhr {
  static last: FakeXhr | null = null;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  status = 0;
  responseText = '';
  body: FormData | null = null;
  url = '';
  aborted = false;
  onload: (() => void) | null = null;
  onloadend: (() => void) | null = null;
  onabort: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
    FakeXhr.last = this;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
    this.onloadend?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
    this.onloadend?.();
  }
}

const photo = () => new File([new Uint8Array([1, 2, 3])], 'foto.jpg', { type: 'image/jpeg' });

beforeEach(() => {
  localStorage.setItem('token', 'tok-1');
  localStorage.setItem('username', 'ana');
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const renderComposer = () => renderRoutes([{ path: '/messages', Component: () => <MessageComposer username="bea" /> }], ['/messages']);

describe('MessageComposer with a photo', () => {
  it('previews the photo, sends it with the text and a key, and shows the progress until the answer', async () => {
    renderComposer();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByTestId('composer-file'), photo());
    expect(screen.getByTestId('composer-preview')).toHaveAttribute('src', 'blob:preview');
    await user.type(screen.getByTestId('message-input'), 'Mira');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));

    const upload = FakeXhr.last!;
    expect(upload.url).toBe('/api/conversations/bea/media');
    expect(upload.body!.get('text')).toBe('Mira');
    expect(upload.body!.get('clientKey')).toMatch(/^[0-9a-f]{32}$/);
    expect((upload.body!.get('media') as File).name).toBe('foto.jpg');
    upload.progress(40, 100);
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Progreso del envío' })).toHaveAttribute('aria-valuenow', '40'));
    expect(screen.getByText('Enviando… 40 %')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();

    upload.answer(200, {
      success: true,
      message: { id: 'm1', text: 'Mira', fromMe: true, sender: 'ana', created_at: '2026-11-25T10:00:00.000Z', story: null, media: null },
    });
    await waitFor(() => expect(screen.queryByTestId('composer-attachment')).not.toBeInTheDocument());
    expect(screen.getByTestId('message-input')).toHaveValue('');
  });

  it('cancels an upload on its way, keeps the photo to try again with the same key, and shows a refusal in Spanish', async () => {
    renderComposer();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByTestId('composer-file'), photo());
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    const first = FakeXhr.last!;
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(first.aborted).toBe(true);
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(screen.getByTestId('composer-preview')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    const second = FakeXhr.last!;
    expect(second).not.toBe(first);
    expect(second.body!.get('clientKey')).toBe(first.body!.get('clientKey'));
    second.answer(403, { success: false, message: 'Este contenido fue retirado por moderación y no se puede volver a publicar.' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Este contenido fue retirado por moderación');

    await user.click(screen.getByRole('button', { name: 'Quitar el archivo' }));
    expect(screen.queryByTestId('composer-attachment')).not.toBeInTheDocument();
  });

  it('refuses a file that is neither a photo nor a video before uploading anything', async () => {
    renderComposer();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByTestId('composer-file'), new File(['%PDF'], 'notas.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Elige una foto o un vídeo.');
    expect(screen.queryByTestId('composer-attachment')).not.toBeInTheDocument();
    expect(FakeXhr.last).toBeNull();
  });
});
