import { lazyScreen, type Screen } from '../../lib/areas/screen-map.ts';

/** What a route of a later module shows until its module is built. */
export const moduleNotAvailableScreen: Screen = lazyScreen(() => import('./module-not-available-screen.tsx'), 'ModuleNotAvailableScreen');
