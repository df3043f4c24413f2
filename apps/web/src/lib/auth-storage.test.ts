import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  SESSION_CHANGED_EVENT,
  USERNAME_CHANGED_EVENT,
  changeStoredUsername,
  clearSession,
  normalizeToken,
  readToken,
  readUsername,
  saveSession,
} from './auth-storage';

afterEach(() => localStorage.clear());

describe('normalizeToken', () => {
  it('keeps a bare token as it is', () => {
    expect(normalizeToken('abc.DEF-123')).toBe('abc.DEF-123');
  });

  it('strips surrounding double or single quotes', () => {
    expect(normalizeToken('"abc123"')).toBe('abc123');
    expect(normalizeToken("'abc123'")).toBe('abc123');
  });

  it('strips a Bearer prefix in any case, with or without quotes around it', () => {
    expect(normalizeToken('Bearer abc123')).toBe('abc123');
    expect(normalizeToken('bearer   abc123')).toBe('abc123');
    expect(normalizeToken('"Bearer abc123"')).toBe('abc123');
    expect(normalizeToken('Bearer "abc123"')).toBe('abc123');
  });

  it('does not strip unmatched quotes or text that only looks like the prefix', () => {
    expect(normalizeToken('"abc123')).toBe('"abc123');
    expect(normalizeToken('Bearerabc')).toBe('Bearerabc');
  });

  it('treats empty and serialised empty values as no token', () => {
    expect(normalizeToken(null)).toBeNull();
    expect(normalizeToken('')).toBeNull();
    expect(normalizeToken('  ')).toBeNull();
    expect(normalizeToken('""')).toBeNull();
    expect(normalizeToken('null')).toBeNull();
    expect(normalizeToken('Bearer ')).toBeNull();
  });
});

describe('stored session', () => {
  it('reads the token under the key "token" without quotes or prefix', () => {
    localStorage.setItem('token', '"Bearer tok-1"');
    localStorage.setItem('username', '"luna"');
    expect(readToken()).toBe('tok-1');
    expect(readUsername()).toBe('luna');
  });

  it('saves and clears both keys and announces each change', () => {
    const listener = vi.fn();
    window.addEventListener(SESSION_CHANGED_EVENT, listener);
    saveSession({ token: 'tok-2', username: 'sol' });
    expect(localStorage.getItem('token')).toBe('tok-2');
    expect(localStorage.getItem('username')).toBe('sol');
    clearSession();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('username')).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    window.removeEventListener(SESSION_CHANGED_EVENT, listener);
  });

  it('broadcasts usernameChanged with the new name', () => {
    const listener = vi.fn();
    window.addEventListener(USERNAME_CHANGED_EVENT, listener);
    changeStoredUsername('nuevo_nombre');
    expect(readUsername()).toBe('nuevo_nombre');
    const event = listener.mock.calls[0]?.[0] as CustomEvent<{ username: string }>;
    expect(event.detail.username).toBe('nuevo_nombre');
    window.removeEventListener(USERNAME_CHANGED_EVENT, listener);
  });
});
