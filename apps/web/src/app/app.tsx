import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { Gates } from './gates/gates';
import { Providers } from './providers';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';
import { ThemeSync } from './theme-sync';

/** The terms, privacy and cookie pages can be read before accepting the gates (they show no content). */
function isPublicDocument(pathname: string): boolean {
  return pathname.startsWith('/legal/');
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  const [pathname, setPathname] = useState(router.state.location.pathname);
  useEffect(() => router.subscribe((state) => setPathname(state.location.pathname)), [router]);
  return (
    <Providers queryClient={queryClient}>
      <ThemeSync />
      <Gates open={isPublicDocument(pathname)}>
        <RouterProvider router={router} />
      </Gates>
    </Providers>
  );
}
