import { lazy, Suspense, type ComponentType } from 'react';
import { LoadingState } from '../components/ui/data-states.tsx';

/**
 * Each screen is its own chunk, fetched when its route is first shown (the shell, the session check and the error
 * page come with the app): a first visit loads the code of one screen, not of all of them. The screen's place
 * shows 'Loading...' (a status) while its chunk arrives.
 */
export function screen<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  const Screen = lazy(async (): Promise<{ default: ComponentType }> => ({ default: (await load())[name] }));
  return (
    <Suspense fallback={<LoadingState />}>
      <Screen />
    </Suspense>
  );
}
