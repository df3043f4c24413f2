/**
 * What preact/compat lacks, or does otherwise, of React 19 that the app or its libraries rely on.
 * `react` and `react-dom` in the built app and in the unit tests are react-compat.js (the aliases of
 * scripts/react-aliases.mjs): preact/compat with these in place of its own. Importing this module
 * installs the option hooks below. docs/decisions/0031-preact.md says why, and what to check on upgrades.
 *
 * - Transitions that know when they end: preact/compat's `startTransition` runs its callback and
 *   forgets it, and its `useTransition` is never pending. Here an action that returns a promise keeps
 *   its transition running until the promise settles, and transitions started meanwhile are entangled
 *   with it (they end together), as in React.
 * - `useOptimistic` (React Router's data router imports it; the app now runs its declarative mode):
 *   the optimistic state is shown while the transition or action it was set in runs, then the hook
 *   shows the state it is passed again.
 * - `useSyncExternalStore` subscribes as the component is committed (preact/compat's waits for its
 *   after-paint effects, a frame later: a store change in between, a tap on a screen just shown, left
 *   the screen showing the old value to the next event handler).
 * - Effects (`useEffect`) run when React runs them: those of a render caused by an interaction (a click,
 *   a key, an input) at the end of that render's commit, the others in a task right after it. Preact's
 *   wait for the next frame, which a window in the background may not draw for long (a dialog opened
 *   by a click missed the Escape key pressed next, its listener not yet added), and which left a key
 *   pressed just after suggestions appeared acting on the list before them.
 * - `autoFocus`: React focuses such an element when it is mounted; Preact only writes the `autofocus`
 *   attribute, which a browser honours at page load and not for an element inserted later.
 * - `onChange` of a text-like `<input>` or `<textarea>` (preact/compat listens to `input` events, as
 *   React does) also runs on a `change` event that carries a value no `input` event reported (React
 *   listens to both and calls the handler once per new value).
 */
import { options, type Ref, type VNode } from 'preact';
import { useCallback, useLayoutEffect, useState } from 'preact/hooks';

/** Transitions running together: they end when the last of them (and of the actions they await) does. */
interface Scope {
  running: number;
  onEnd: Array<() => void>;
}

/** The scope whose callback is running right now (optimistic updates made now belong to it). */
let current: Scope | null = null;
/** The scope of the async actions still running: a transition started meanwhile joins it. */
let entangled: Scope | null = null;

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';

function finish(scope: Scope): void {
  scope.running -= 1;
  if (scope.running > 0) return;
  if (entangled === scope) entangled = null;
  for (const callback of scope.onEnd.splice(0)) callback();
}

/** Calls `callback` when the scope's transitions have all ended (now, if they have). */
function whenEnded(scope: Scope, callback: () => void): void {
  if (scope.running === 0) callback();
  else scope.onEnd.push(callback);
}

/** Runs an action as a transition and returns its scope. */
function runTransition(action: () => unknown): Scope {
  const scope = entangled ?? { running: 0, onEnd: [] };
  scope.running += 1;
  const outer = current;
  current = scope;
  let result: unknown;
  try {
    result = action();
  } catch (error) {
    finish(scope);
    throw error;
  } finally {
    current = outer;
  }
  if (isThenable(result)) {
    entangled = scope;
    result.then(
      () => finish(scope),
      (error: unknown) => {
        finish(scope);
        // React reports an action's failure as an uncaught error; so does this.
        if (typeof reportError === 'function') reportError(error);
        else throw error;
      },
    );
  } else {
    finish(scope);
  }
  return scope;
}

/** React's `startTransition`: the updates of `action` render with the rest (Preact has one priority). */
export function startTransition(action: () => unknown): void {
  runTransition(action);
}

/** React's `useTransition`: pending from the call until the action (and what is entangled with it) ends. */
export function useTransition(): [boolean, (action: () => unknown) => void] {
  const [isPending, setPending] = useState(false);
  const start = useCallback((action: () => unknown) => {
    setPending(true);
    whenEnded(runTransition(action), () => setPending(false));
  }, []);
  return [isPending, start];
}

interface OptimisticUpdate<A> {
  action: A;
}

/**
 * React's `useOptimistic(passthrough, reducer?)`: each optimistic update is applied on top of the
 * passed state (with the reducer, or as a value or an updater without one) until the transition it
 * was made in ends; then the hook returns the passed state, which the transition has updated by then.
 */
export function useOptimistic<S, A = S | ((state: S) => S)>(
  passthrough: S,
  reducer?: (state: S, action: A) => S,
): [S, (action: A) => void] {
  const [updates, setUpdates] = useState<ReadonlyArray<OptimisticUpdate<A>>>([]);
  const addOptimistic = useCallback((action: A) => {
    const scope = current;
    if (!scope && import.meta.env.DEV) {
      console.error('An optimistic state update occurred outside a transition or action. To fix, move the update to an action, or wrap with startTransition.');
    }
    const update: OptimisticUpdate<A> = { action };
    setUpdates((list) => [...list, update]);
    const revert = () => setUpdates((list) => list.filter((entry) => entry !== update));
    // Outside a transition the update ends at once, as React reverts it with the next render.
    if (scope) whenEnded(scope, revert);
    else revert();
  }, []);
  let state = passthrough;
  for (const { action } of updates) {
    if (reducer) state = reducer(state, action);
    else state = typeof action === 'function' ? (action as (state: S) => S)(state) : (action as unknown as S);
  }
  return [state, addOptimistic];
}

interface StoreInstance<T> {
  value: T;
  getSnapshot: () => T;
}

const snapshotChanged = <T>(instance: StoreInstance<T>) => {
  try {
    return !Object.is(instance.value, instance.getSnapshot());
  } catch {
    return true;
  }
};

/** React's `useSyncExternalStore` (client rendering: the app renders nothing on a server). */
export function useSyncExternalStore<T>(subscribe: (onChange: () => void) => () => void, getSnapshot: () => T, _getServerSnapshot?: () => T): T {
  const value = getSnapshot();
  const [{ instance }, forceUpdate] = useState({ instance: { value, getSnapshot } as StoreInstance<T> });
  useLayoutEffect(() => {
    instance.value = value;
    instance.getSnapshot = getSnapshot;
    if (snapshotChanged(instance)) forceUpdate({ instance });
  }, [instance, subscribe, value, getSnapshot]);
  useLayoutEffect(() => {
    // A change between the render and now.
    if (snapshotChanged(instance)) forceUpdate({ instance });
    return subscribe(() => {
      if (snapshotChanged(instance)) forceUpdate({ instance });
    });
  }, [instance, subscribe]);
  return value;
}

// Effects: after an interaction, the events React treats as discrete (its DiscreteEventPriority) mark
// the time until the next task; effects queued meanwhile run once the current render is committed.
const discreteEvents = [
  'beforeinput', 'blur', 'cancel', 'change', 'click', 'close', 'compositionend', 'compositionstart', 'contextmenu',
  'copy', 'cut', 'dblclick', 'dragend', 'dragstart', 'drop', 'focus', 'focusin', 'focusout', 'input', 'invalid',
  'keydown', 'keypress', 'keyup', 'mousedown', 'mouseup', 'paste', 'pause', 'play', 'pointercancel', 'pointerdown',
  'pointerup', 'popstate', 'ratechange', 'reset', 'seeked', 'select', 'submit', 'toggle', 'touchcancel', 'touchend',
  'touchstart', 'volumechange',
];
let afterInteraction = false;
const endInteraction = () => {
  afterInteraction = false;
};
if (typeof window !== 'undefined') {
  const markInteraction = () => {
    if (afterInteraction) return;
    afterInteraction = true;
    setTimeout(endInteraction, 0);
  };
  for (const type of discreteEvents) window.addEventListener(type, markInteraction, { capture: true, passive: true });
}
/**
 * A task right after the current one, as React's scheduler posts its work: setImmediate where there is
 * one (Node, the unit tests), else a MessageChannel message (browsers; unlike timers, not slowed down
 * in a window in the background).
 */
const nextTask: (callback: () => void) => void = (() => {
  if (typeof setImmediate === 'function') return (callback) => void setImmediate(callback);
  if (typeof MessageChannel !== 'function') return (callback) => void setTimeout(callback, 0);
  const waiting: Array<() => void> = [];
  const channel = new MessageChannel();
  channel.port1.onmessage = () => waiting.shift()?.();
  return (callback) => {
    waiting.push(callback);
    channel.port2.postMessage(null);
  };
})();
options.requestAnimationFrame = (callback: () => void) => {
  if (afterInteraction) queueMicrotask(callback);
  else nextTask(callback);
};

// autoFocus: focus the element once, when it is first attached (refs attach after the tree is in the
// document), and leave no autofocus attribute (React writes none either). The ref that wraps a ref of
// the element is made once per ref, so a stable ref stays stable and is not detached at every render.
const focused = new WeakSet<Element>();
const focusOnce = (node: Element | null) => {
  if (node && !focused.has(node)) {
    focused.add(node);
    (node as HTMLElement).focus();
  }
};
const withFocus = new WeakMap<object, (node: Element | null) => unknown>();
const focusAndForward = (ref: NonNullable<Ref<Element>>) => {
  let wrapped = withFocus.get(ref);
  if (!wrapped) {
    wrapped = (node: Element | null) => {
      focusOnce(node);
      if (typeof ref === 'function') return ref(node);
      ref.current = node;
      return undefined;
    };
    withFocus.set(ref, wrapped);
  }
  return wrapped;
};

// onChange on a `change` event: the value each text-like field last reported through an `input` event
// (or a `change` one), kept by a listener that runs before any of the app's.
const reported = new WeakMap<EventTarget, string>();
if (typeof document !== 'undefined') {
  document.addEventListener(
    'input',
    (event) => {
      if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) reported.set(event.target, event.target.value);
    },
    true,
  );
}
const onChangeOnce = new WeakMap<(event: Event) => unknown, (event: Event) => unknown>();
const onUnreportedChange = (handler: (event: Event) => unknown) => {
  let wrapped = onChangeOnce.get(handler);
  if (!wrapped) {
    wrapped = (event: Event) => {
      const field = event.currentTarget as HTMLInputElement | HTMLTextAreaElement;
      if (reported.get(field) === field.value) return undefined;
      reported.set(field, field.value);
      return handler(event);
    };
    onChangeOnce.set(handler, wrapped);
  }
  return wrapped;
};
/** The input types whose onChange preact/compat leaves on `change` (React's listen to `click`). */
const changeOnlyType = (type: unknown) => typeof type === 'string' && /fil|che|rad/.test(type);

const previousVNodeHook = options.vnode;
options.vnode = (vnode: VNode) => {
  if (typeof vnode.type === 'string') {
    const props = vnode.props as { autoFocus?: unknown; onChange?: unknown; onChangeCapture?: unknown; type?: unknown };
    if ('autoFocus' in props) {
      const autoFocus = props.autoFocus;
      delete props.autoFocus;
      if (autoFocus) vnode.ref = (vnode.ref ? focusAndForward(vnode.ref as NonNullable<Ref<Element>>) : focusOnce) as Ref<unknown>;
    }
    if (
      typeof props.onChange === 'function' &&
      props.onChangeCapture === undefined &&
      ((vnode.type === 'input' && !changeOnlyType(props.type)) || vnode.type === 'textarea')
    ) {
      // preact/compat turns onChange into onInput; this listens to `change` beside it.
      props.onChangeCapture = onUnreportedChange(props.onChange as (event: Event) => unknown);
    }
  }
  previousVNodeHook?.(vnode);
};
