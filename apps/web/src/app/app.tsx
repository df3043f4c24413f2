import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { Gates } from './gates/gates';
import { LanguageFollower } from './language-follower';
import { Providers } from './providers';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  return (
    <Providers queryClient={queryClient}>
      <LanguageFollower />
      <Screens router={router} />
    </Providers>
  );
}

/**
 * The screens call `t()` while rendering, outside React's knowledge: a new language mounts them again
 * (keyed by it) so every text is redrawn at once. The router, its location and the query cache stay.
 */
function Screens({ router }: { router: ReturnType<typeof createAppRouter> }) {
  const { i18n } = useTranslation();
  return (
    <Gates key={i18n.resolvedLanguage ?? i18n.language}>
      <RouterProvider router={router} />
    </Gates>
  );
}
