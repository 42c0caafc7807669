import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useSession } from '../lib/use-session';

// Loaded only once someone is signed in: the sign-in screen stays small.
const SignedInServices = lazy(() => import('./session/signed-in-services'));

export function AppRoot() {
  const session = useSession();
  return (
    <>
      <Outlet />
      {session ? (
        <Suspense fallback={null}>
          <SignedInServices />
        </Suspense>
      ) : null}
    </>
  );
}
