import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '../../../test/render-routes';
import { meResponse, mockApi, signIn } from '../../../test/social-fixtures';
import type * as CropModule from '../crop';
import { EditProfilePicturePage } from './edit-profile-picture-page';

vi.mock('../crop', async (importOriginal) => {
  const actual = await importOriginal<typeof CropModule>();
  return {
    ...actual,
    // jsdom decodes no images and has no canvas: the picked file "opens" as 2000 x 1000 pixels.
    loadImage: vi.fn(async () => ({ image: {} as HTMLImageElement, size: { width: 2000, height: 1000 }, url: 'blob:picked' })),
    renderCropToBlob: vi.fn(async () => new Blob(['jpeg'], { type: 'image/jpeg' })),
  };
});

function renderPage() {
  signIn('demo');
  return renderRoutes(
    [
      { path: '/demo', element: <p>Perfil de demo</p> },
      { path: '/edit-profile-picture', Component: EditProfilePicturePage },
    ],
    ['/demo', '/edit-profile-picture'],
  );
}

const photo = () => new File(['x'], 'foto.png', { type: 'image/png' });

describe('Edit profile picture', () => {
  beforeEach(() => {
    URL.revokeObjectURL = vi.fn();
  });

  it('crops with zoom 1–3 and rotation, uploads profile.jpg as profilePicture, says so and goes back', async () => {
    const fetchMock = mockApi({
      'GET /api/me': meResponse('demo'),
      'PUT /api/user/profile-picture': { success: true, message: 'ok', profilePictureUrl: '/media/avatars/demo.jpg' },
    });
    const { history } = renderPage();
    const user = userEvent.setup();
    await user.upload(screen.getByTestId('picture-input'), photo());

    const zoom = await screen.findByLabelText('Zoom');
    expect(zoom).toHaveAttribute('min', '1');
    expect(zoom).toHaveAttribute('max', '3');
    fireEvent.change(zoom, { target: { value: '2' } });
    await user.click(screen.getByRole('button', { name: 'Girar 90° a la derecha' }));
    expect(screen.getByLabelText('Rotación')).toHaveValue('90');

    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('¡Foto de perfil actualizada!')).toBeInTheDocument();
    await waitFor(() => expect(history.location.pathname).toBe('/demo'));

    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    const body = put?.[1]?.body as FormData;
    const file = body.get('profilePicture') as File;
    expect(file.name).toBe('profile.jpg');
    expect(file.type).toBe('image/jpeg');
    const { renderCropToBlob } = await import('../crop');
    expect(vi.mocked(renderCropToBlob).mock.calls[0]?.[3]).toMatchObject({ zoom: 2, rotation: 90 });
  });

  it("says 'Error al guardar la imagen.' when the upload fails and stays", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({
      'GET /api/me': meResponse('demo'),
      'PUT /api/user/profile-picture': () => jsonResponse(400, { success: false, message: 'El archivo no es una imagen válida.' }),
    });
    const { history } = renderPage();
    const user = userEvent.setup();
    await user.upload(screen.getByTestId('picture-input'), photo());
    await user.click(await screen.findByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Error al guardar la imagen.')).toBeInTheDocument();
    expect(history.location.pathname).toBe('/edit-profile-picture');
  });

  it('refuses a file that is not an image', async () => {
    mockApi({ 'GET /api/me': meResponse('demo') });
    renderPage();
    await userEvent.upload(screen.getByTestId('picture-input'), new File(['x'], 'nota.txt', { type: 'text/plain' }), {
      applyAccept: false,
    });
    expect(await screen.findByText('Por favor, selecciona una imagen.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Zoom')).not.toBeInTheDocument();
  });
});
