/**
 * React Router defines its components as `const Link = React$1.forwardRef(...)` followed by
 * `Link.displayName = "Link"`: a call the bundler cannot tell is pure and a property write it must
 * keep, so `Link`, `NavLink` and `Form`, with what only they use (prefetching, fetchers, forms), stayed
 * in the first screen's code though the app renders none of them (its links are lib/app-link.tsx).
 * This marks those calls pure and drops the names (only React's developer tools read them): the
 * bundler then leaves out every component the app does not use. About 4 KB gzip of the first screen.
 */

/** The module of React Router that defines its DOM components (its production build, as bundled). */
export const ROUTER_DOM_COMPONENTS = /react-router[\\/]dist[\\/]production[\\/]lib[\\/]dom[\\/]lib\.js$/;

/** That module's source with its component definitions marked pure and their display names left out. */
export function markRouterComponentsPure(code) {
  return code.replaceAll('= React$1.forwardRef(', '= /* @__PURE__ */ React$1.forwardRef(').replace(/^\w+\.displayName = "\w+";$/gm, '');
}

/** The Vite plugin. */
export function pureRouterComponents() {
  return {
    name: 'wag:pure-router-components',
    transform: {
      filter: { id: ROUTER_DOM_COMPONENTS },
      handler: (code) => ({ code: markRouterComponentsPure(code), map: null }),
    },
  };
}
