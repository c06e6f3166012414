import { lazyScreen } from '../../lib/areas/screen-map.ts';
import { defineArea } from '../../lib/areas/web-area.ts';

export const rentalsArea = defineArea({
  name: 'rentals',
  screens: {
    '/reagent-rentals': lazyScreen(() => import('./rentals-screen.tsx'), 'RentalsScreen'),
  },
  statusColours: { suspended: 'orange', ended: 'default' },
});
