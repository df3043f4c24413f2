import { Suspense, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen';
import { useSession } from '../../lib/session';
import { CREATE_PARAM, setCreateChooserOpen, useCreateChooserOpen } from './create-entry';

// The chooser and its dialog load when first opened, not with the first screen.
const CreateChooser = lazyScreen(async () => ({ default: (await import('./create-chooser')).CreateChooser }));

/** Shows the create chooser when asked for, and opens it on arrival from a sign-in started by a create button. */
export function CreateChooserHost() {
  const open = useCreateChooserOpen();
  const { token } = useSession();
  const [params, setParams] = useSearchParams();
  const asked = params.get(CREATE_PARAM) !== null;

  useEffect(() => {
    if (!asked) return;
    if (token) setCreateChooserOpen(true);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(CREATE_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [asked, token, setParams]);

  // Signing out closes it.
  useEffect(() => {
    if (!token) setCreateChooserOpen(false);
  }, [token]);

  if (!open || !token) return null;
  return (
    <Suspense fallback={null}>
      <CreateChooser onClose={() => setCreateChooserOpen(false)} />
    </Suspense>
  );
}
