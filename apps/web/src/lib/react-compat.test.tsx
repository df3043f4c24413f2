import { act, fireEvent, render, screen } from '@testing-library/react';
import { Component as PreactComponent } from 'preact';
import { Component, startTransition, useEffect, useOptimistic, useRef, useState, useSyncExternalStore, useTransition, type RefObject } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { deferred } from '../test/social-fixtures';

// What `react` is for the app and its tests (vitest.config.ts and vite.config.ts alias it to react-compat).
describe('react in the app', () => {
  it('is Preact', () => {
    expect(Component).toBe(PreactComponent);
    expect(typeof createRoot).toBe('function');
  });
});

describe('useOptimistic', () => {
  function Counter({ value, onAction }: { value: number; onAction: (add: (n: number) => void) => void }) {
    const [shown, addOptimistic] = useOptimistic(value, (state: number, step: number) => state + step);
    return (
      <button type="button" onClick={() => onAction(addOptimistic)}>
        {shown}
      </button>
    );
  }

  it('shows the optimistic state while an async action runs, then the state it is passed', async () => {
    const request = deferred<void>();
    const { rerender } = render(
      <Counter value={1} onAction={(add) => startTransition(async () => { add(10); await request.promise; })} />,
    );
    fireEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button')).toHaveTextContent('11');
    // The passed state changes meanwhile: the optimistic update applies on top of it.
    rerender(<Counter value={2} onAction={() => undefined} />);
    expect(screen.getByRole('button')).toHaveTextContent('12');
    await act(async () => request.resolve());
    expect(screen.getByRole('button')).toHaveTextContent('2');
  });

  it('ends with a synchronous transition, whose own updates render in the same pass', () => {
    function Synchronous() {
      const [value, setValue] = useState(1);
      const [shown, setShown] = useOptimistic(value);
      return (
        <button type="button" onClick={() => startTransition(() => { setShown((n) => n + 100); setValue(5); })}>
          {shown}
        </button>
      );
    }
    render(<Synchronous />);
    fireEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button')).toHaveTextContent('5');
  });

  it('keeps an update made in a transition started during an async action until that action ends', async () => {
    const request = deferred<void>();
    function Entangled() {
      const [shown, setShown] = useOptimistic('idle');
      return (
        <>
          <button type="button" onClick={() => startTransition(async () => { await request.promise; })}>action</button>
          <button type="button" onClick={() => startTransition(() => setShown('saving'))}>{shown}</button>
        </>
      );
    }
    render(<Entangled />);
    fireEvent.click(screen.getByRole('button', { name: 'action' }));
    fireEvent.click(screen.getByRole('button', { name: 'idle' }));
    expect(screen.getByRole('button', { name: 'saving' })).toBeInTheDocument();
    await act(async () => request.resolve());
    expect(screen.getByRole('button', { name: 'idle' })).toBeInTheDocument();
  });

  it('reverts at once an update made outside a transition, and says so', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<Counter value={1} onAction={(add) => add(10)} />);
    fireEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button')).toHaveTextContent('1');
    expect(error).toHaveBeenCalledWith(expect.stringContaining('outside a transition'));
  });
});

describe('useTransition', () => {
  it('is pending until the async action settles', async () => {
    const request = deferred<void>();
    function Saver() {
      const [isPending, start] = useTransition();
      return (
        <button type="button" onClick={() => start(async () => { await request.promise; })}>
          {isPending ? 'saving' : 'save'}
        </button>
      );
    }
    render(<Saver />);
    fireEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button')).toHaveTextContent('saving');
    await act(async () => request.resolve());
    expect(screen.getByRole('button')).toHaveTextContent('save');
  });
});

describe('useSyncExternalStore', () => {
  it('has subscribed when the screen is committed: the next event handler reads the new value', () => {
    let value = 0;
    const listeners = new Set<() => void>();
    const subscribe = (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    };
    const seen: number[] = [];
    function Tapper() {
      const current = useSyncExternalStore(subscribe, () => value);
      return (
        <button
          type="button"
          onClick={() => {
            seen.push(current);
            value = current + 1;
            for (const listener of listeners) listener();
          }}
        >
          {current}
        </button>
      );
    }
    // Rendered outside act (as after a fetch): no after-paint effect has run when the taps come.
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    root.render(<Tapper />);
    const button = screen.getByRole('button');
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.click(button);
    expect(seen).toEqual([0, 1, 2]);
    expect(button).toHaveTextContent('3');
    act(() => root.unmount());
    container.remove();
  });
});

describe('effects', () => {
  it('of a render caused by a click run once it is committed, without waiting for a frame', async () => {
    const closed = vi.fn();
    function Dialog() {
      useEffect(() => {
        const onKey = (event: KeyboardEvent) => {
          if (event.key === 'Escape') closed();
        };
        document.addEventListener('keydown', onKey);
        return () => document.removeEventListener('keydown', onKey);
      }, []);
      return <p>open</p>;
    }
    function Opener() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>show</button>
          {open ? <Dialog /> : null}
        </>
      );
    }
    // Outside act, as in a browser: the click's render and its effects come in microtasks.
    const frame = vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    root.render(<Opener />);
    container.querySelector('button')?.click();
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
    expect(container).toHaveTextContent('open');
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(closed).toHaveBeenCalledTimes(1);
    frame.mockRestore();
    act(() => root.unmount());
    container.remove();
  });

  it('of any other render run in the next task, without waiting for a frame', async () => {
    const ran = vi.fn();
    function Reporter() {
      useEffect(() => ran(), []);
      return <p>shown</p>;
    }
    // Away from any interaction (an earlier test's clicks mark the current task as one).
    await new Promise((resolve) => setTimeout(resolve, 0));
    const frame = vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    root.render(<Reporter />);
    expect(ran).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ran).toHaveBeenCalledTimes(1);
    frame.mockRestore();
    act(() => root.unmount());
    container.remove();
  });
});

describe('autoFocus', () => {
  it('focuses the element when it is mounted, once, and still fills its ref', () => {
    function Toggle() {
      const [open, setOpen] = useState(false);
      const [count, setCount] = useState(0);
      const ref = useRef<HTMLInputElement>(null) as RefObject<HTMLInputElement | null>;
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>open</button>
          <button type="button" onClick={() => setCount((n) => n + 1)}>again {count}</button>
          <button type="button" onClick={() => ref.current?.setAttribute('data-ref', 'yes')}>mark</button>
          {open ? <input aria-label="search" autoFocus ref={ref} /> : null}
        </>
      );
    }
    render(<Toggle />);
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    const input = screen.getByRole('textbox', { name: 'search' });
    expect(input).toHaveFocus();
    expect(input).not.toHaveAttribute('autofocus');
    // A later render does not take the focus back.
    const other = screen.getByRole('button', { name: /again/ });
    other.focus();
    fireEvent.click(other);
    expect(other).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'mark' }));
    expect(input).toHaveAttribute('data-ref', 'yes');
  });
});

describe('onChange of a field', () => {
  it('runs on input events, and on a change event only for a value no input event reported', () => {
    const onChange = vi.fn((event: { currentTarget: HTMLInputElement }) => event.currentTarget.value);
    render(<input aria-label="level" type="range" min={0} max={10} defaultValue={0} onChange={onChange} />);
    const slider = screen.getByRole('slider', { name: 'level' });
    fireEvent.input(slider, { target: { value: '3' } });
    fireEvent.input(slider, { target: { value: '4' } });
    // Dragging ends with a change event of the value already reported.
    fireEvent.change(slider, { target: { value: '4' } });
    expect(onChange.mock.results.map((result) => result.value)).toEqual(['3', '4']);
    // A change event alone (a value set and announced by a script or a test) is heard too.
    fireEvent.change(slider, { target: { value: '7' } });
    expect(onChange.mock.results.map((result) => result.value)).toEqual(['3', '4', '7']);
  });
});
