import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { MeResponse } from '@wag/contract/auth';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/render-routes';
import { currentUserKey } from './current-user';
import { useConfirmEmail } from './email-confirmation';

const user = (emailConfirmed: boolean): MeResponse['user'] => ({
  id: '1',
  username: 'ana',
  fullName: null,
  email: 'ana@example.test',
  emailConfirmed,
  profilePictureUrl: null,
  isVerified: false,
  role: 'user',
});

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    if (String(input) === '/api/account/email/confirm') return jsonResponse(200, { success: true, message: 'ok', email: 'ana@example.test' });
    if (String(input) === '/api/me') return jsonResponse(200, { success: true, user: user(true) });
    return jsonResponse(404, { success: false, message: 'Recurso no encontrado.' });
  });
});
afterEach(() => vi.restoreAllMocks());

describe('useConfirmEmail', () => {
  // The account as read when the page opened, before the link was confirmed: its answer comes late.
  const lateFirstRead = () => {
    const late = { answer: (_value: MeResponse['user']) => {} };
    let first = true;
    const queryFn = async () => {
      if (first) {
        first = false;
        return new Promise<MeResponse['user']>((resolve) => (late.answer = resolve));
      }
      return ((await (await fetch('/api/me')).json()) as MeResponse).user;
    };
    return { late, queryFn };
  };
  const queryKey = [...currentUserKey, 'tok-1'];

  it('reads the account again after the confirmation: a read started before it and answering after it is dropped', async () => {
    const { late, queryFn } = lateFirstRead();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    // The shell shows the account (its banner) while the confirmation runs.
    const { result } = renderHook(() => ({ me: useQuery({ queryKey, queryFn }), confirm: useConfirmEmail() }), { wrapper });
    act(() => result.current.confirm.mutate('link-token'));
    await waitFor(() => expect(result.current.confirm.isSuccess).toBe(true));
    act(() => late.answer(user(false)));
    await waitFor(() => expect(result.current.me.data?.emailConfirmed).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current.me.data?.emailConfirmed).toBe(true);
  });

  it('keeps no answer older than the confirmation when nothing shows the account: the next screen reads it afresh', async () => {
    const { late, queryFn } = lateFirstRead();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    void client.fetchQuery({ queryKey, queryFn }).catch(() => undefined);
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useConfirmEmail(), { wrapper });
    act(() => result.current.mutate('link-token'));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    act(() => late.answer(user(false)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(client.getQueryData(queryKey)).toBeUndefined();
  });
});
