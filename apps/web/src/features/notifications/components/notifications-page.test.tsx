import type { NotificationItem } from '@wag/contract/notifications';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationsKey } from '../../../lib/live-channel';
import { jsonResponse, renderRoutes } from '../../../test/render-routes';
import { NotificationsPage } from './notifications-page';

const item = (id: string, read: boolean): NotificationItem => ({
  id,
  type: 'follow',
  actor: { username: `fan_${id}`, full_name: '', picture: null, isVerified: false, isFollowedByMe: false },
  othersCount: 0,
  target: null,
  text: null,
  detail: null,
  created_at: '2026-11-25T10:00:00.000Z',
  read,
});

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('NotificationsPage', () => {
  it('highlights what was unread for the whole visit, marks it read once, even when the list is loaded again', async () => {
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('username', 'ana');
    let read = false;
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const path = String(input);
      if (path === '/api/notifications/read' && init?.method === 'POST') {
        read = true;
        return jsonResponse(200, { success: true });
      }
      if (path.startsWith('/api/notifications')) return jsonResponse(200, { items: [item('n2', read), item('n1', true)], nextCursor: null });
      return jsonResponse(404, { success: false, message: 'Recurso no encontrado.' });
    });
    const { queryClient } = renderRoutes([{ path: '/notifications', element: <NotificationsPage /> }], ['/notifications']);
    const rows = await screen.findAllByTestId('notification');
    expect(rows.map((row) => row.getAttribute('data-unread'))).toEqual(['true', 'false']);
    await waitFor(() => expect(read).toBe(true));
    // Loaded again (as when the live channel opens): the server now says read; the visit still shows it new.
    await queryClient.invalidateQueries({ queryKey: notificationsKey('ana') });
    await waitFor(() => expect(fetchMock.mock.calls.filter(([input]) => String(input).startsWith('/api/notifications?') || String(input) === '/api/notifications').length).toBe(2));
    expect(screen.getAllByTestId('notification').map((row) => row.getAttribute('data-unread'))).toEqual(['true', 'false']);
    expect(fetchMock.mock.calls.filter(([input]) => String(input) === '/api/notifications/read')).toHaveLength(1);
  });
});
