import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { mentionSuggestionsQuery } from '../../features/comments/api/mention-suggestions';
import { jsonResponse } from '../../test/render-routes';
import { MENTION_SEARCH_DEBOUNCE_MS, MentionTextarea, insertMention, mentionAtCursor } from './mention-textarea';

describe('mentionAtCursor', () => {
  it.each([
    ['@a', 2, { query: 'a', start: 0 }],
    ['hola @vale', 10, { query: 'vale', start: 5 }],
    ['hola @vale_rios9', 16, { query: 'vale_rios9', start: 5 }],
    ['(@luna', 6, { query: 'luna', start: 1 }],
    ['hola @valeria y más', 13, { query: 'valeria', start: 5 }],
    ['@vale hola', 3, { query: 'va', start: 0 }],
    ['línea\n@mat', 10, { query: 'mat', start: 6 }],
  ])('finds the mention in %j at %i', (text, cursor, expected) => {
    expect(mentionAtCursor(text, cursor)).toEqual(expected);
  });

  it.each([
    ['@', 1, 'a lone @'],
    ['hola @', 6, 'nothing after the @'],
    ['correo@dominio', 14, 'an @ inside a word (an email)'],
    ['@vale rios', 10, 'a space after the mention'],
    ['@vale-rios', 10, 'a character outside [A-Za-z0-9_]'],
    ['@abcdefghijklmnopqrstu', 22, 'more than 20 characters'],
    ['@josé', 5, 'an accented letter'],
  ])('ignores %j at %i (%s)', (text, cursor) => {
    expect(mentionAtCursor(text, cursor)).toBeNull();
  });

  it('accepts exactly 20 characters', () => {
    expect(mentionAtCursor('@abcdefghijklmnopqrst', 21)).toEqual({ query: 'abcdefghijklmnopqrst', start: 0 });
  });
});

describe('insertMention', () => {
  it('replaces the partial mention with the username and a space, cursor after it', () => {
    expect(insertMention('hola @val', 5, 9, 'valeria_rios')).toEqual({ text: 'hola @valeria_rios ', cursor: 19 });
  });

  it('keeps the text after the cursor and does not double a space', () => {
    expect(insertMention('hola @va que tal', 5, 8, 'valeria')).toEqual({ text: 'hola @valeria que tal', cursor: 14 });
    expect(insertMention('@va', 0, 3, 'valeria')).toEqual({ text: '@valeria ', cursor: 9 });
  });
});

const people = [
  { id: '1', username: 'valeria_rios', full_name: 'Valeria Ríos', avatar: null, verified: true },
  { id: '2', username: 'valentina', full_name: null, avatar: null, verified: false },
  { id: '3', username: 'vale_fit', full_name: 'Vale Fit', avatar: null, verified: false },
];

function Harness({ initial = '', onValue }: { initial?: string; onValue?: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <MentionTextarea
      aria-label="Comentario"
      value={value}
      suggestions={mentionSuggestionsQuery}
      onValueChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
    />
  );
}

function renderHarness(props: { initial?: string; onValue?: (value: string) => void } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Harness {...props} />
    </QueryClientProvider>,
  );
}

describe('MentionTextarea', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const setup = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const searchCalls = (fetchMock: MockInstance<typeof fetch>) =>
    fetchMock.mock.calls.map(([path]) => String(path)).filter((path) => path.startsWith('/api/users/search'));

  it('stays closed without an @mention at the cursor', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    renderHarness();
    const user = setup();
    await user.type(screen.getByLabelText('Comentario'), 'hola correo@x y @ suelto');
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.queryByTestId('mention-suggestions')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows 'Buscando…', asks once after a 200 ms pause with limit 8, then lists the matches", async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    renderHarness();
    const user = setup();
    await user.type(screen.getByLabelText('Comentario'), 'hola @val');
    expect(screen.getByTestId('mention-suggestions')).toHaveTextContent('Buscando…');
    expect(searchCalls(fetchMock)).toEqual([]);

    await act(() => vi.advanceTimersByTimeAsync(MENTION_SEARCH_DEBOUNCE_MS));
    expect(searchCalls(fetchMock)).toEqual(['/api/users/search?q=val&limit=8']);
    expect(screen.getByTestId('mention-suggestions')).toHaveTextContent('Buscando…');

    await act(async () => answer(jsonResponse(200, { users: people })));
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(3);
    expect(options[0]).toHaveTextContent('@valeria_riosValeria Ríos');
    expect(options[1]).toHaveTextContent('@valentina');
    expect(options[2]).toHaveTextContent('@vale_fitVale Fit');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(options[0]?.querySelector('[data-testid="verified-badge"]')).not.toBeNull();
  });

  it("says 'Sin resultados' when nobody matches", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(200, { users: [] }));
    renderHarness();
    const user = setup();
    await user.type(screen.getByLabelText('Comentario'), '@zzz');
    await act(() => vi.advanceTimersByTimeAsync(MENTION_SEARCH_DEBOUNCE_MS));
    expect(await screen.findByText('Sin resultados')).toBeInTheDocument();
  });

  it('picks with the keyboard: arrows move, Enter writes @username and a space, cursor after it', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(200, { users: people }));
    const onValue = vi.fn();
    renderHarness({ onValue });
    const user = setup();
    const field = screen.getByLabelText<HTMLTextAreaElement>('Comentario');
    await user.type(field, 'hola @va');
    await act(() => vi.advanceTimersByTimeAsync(MENTION_SEARCH_DEBOUNCE_MS));
    await screen.findAllByRole('option');

    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    expect(screen.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    expect(field.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[1]?.id);
    await user.keyboard('{Enter}');

    expect(field).toHaveValue('hola @valentina ');
    expect(field.selectionStart).toBe('hola @valentina '.length);
    expect(screen.queryByTestId('mention-suggestions')).not.toBeInTheDocument();
    expect(onValue).not.toHaveBeenLastCalledWith(expect.stringContaining('\n'));
  });

  it('wraps around with the arrows', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(200, { users: people }));
    renderHarness();
    const user = setup();
    await user.type(screen.getByLabelText('Comentario'), '@va');
    await act(() => vi.advanceTimersByTimeAsync(MENTION_SEARCH_DEBOUNCE_MS));
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowUp}');
    expect(screen.getAllByRole('option')[2]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
  });

  it('picks with a click and keeps the text after the mention', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(200, { users: people }));
    renderHarness({ initial: 'gracias  por todo' });
    const user = setup();
    const field = screen.getByLabelText<HTMLTextAreaElement>('Comentario');
    await user.click(field);
    field.setSelectionRange(8, 8);
    fireEvent.select(field);
    await user.keyboard('@vale');
    await act(() => vi.advanceTimersByTimeAsync(MENTION_SEARCH_DEBOUNCE_MS));
    await user.click(await screen.findByRole('option', { name: /vale_fit/ }));

    expect(field).toHaveValue('gracias @vale_fit por todo');
    expect(field.selectionStart).toBe('gracias @vale_fit '.length);
    expect(document.activeElement).toBe(field);
  });

  it('closes on Escape without changing the text, and reopens for a new mention', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(200, { users: people }));
    renderHarness();
    const user = setup();
    const field = screen.getByLabelText('Comentario');
    await user.type(field, '@va');
    await act(() => vi.advanceTimersByTimeAsync(MENTION_SEARCH_DEBOUNCE_MS));
    await screen.findAllByRole('option');
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('mention-suggestions')).not.toBeInTheDocument();
    expect(field).toHaveValue('@va');

    await user.type(field, 'l');
    expect(screen.getByTestId('mention-suggestions')).toBeInTheDocument();
  });

  it('lets Enter add a new line when no suggestion is shown', async () => {
    renderHarness();
    const user = setup();
    const field = screen.getByLabelText('Comentario');
    await user.type(field, 'hola{Enter}adiós');
    expect(field).toHaveValue('hola\nadiós');
  });

  it('closes when the field loses focus', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(200, { users: people }));
    renderHarness();
    const user = setup();
    await user.type(screen.getByLabelText('Comentario'), '@va');
    expect(screen.getByTestId('mention-suggestions')).toBeInTheDocument();
    await user.tab();
    expect(screen.queryByTestId('mention-suggestions')).not.toBeInTheDocument();
  });
});
