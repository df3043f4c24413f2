import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { Gates } from './gates/gates';
import { Providers } from './providers';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  return (
    <Providers queryClient={queryClient}>
      <Gates>
        <RouterProvider router={router} />
      </Gates>
    </Providers>
  );
}
