import { lazyScreen } from '../../lib/areas/screen-map.ts';
import { defineArea } from '../../lib/areas/web-area.ts';

export const rentalsArea = defineArea({
  name: 'rentals',
  screens: {
    '/reagent-rentals': lazyScreen(() => import('./rentals-screen.tsx'), 'RentalsScreen'),
  },
  statusColours: { suspended: 'orange', ended: 'default' },
  tabs: {
    placements: { label: 'Reagent Rentals: Placements', route: '/reagent-rentals', href: '/reagent-rentals?tab=placements', words: ['analysers'] },
    returns: { label: 'Reagent Rentals: Returns', route: '/reagent-rentals', href: '/reagent-rentals?tab=returns' },
    assets: { label: 'Reagent Rentals: Rental assets', route: '/reagent-rentals', href: '/reagent-rentals?tab=assets', words: ['analysers'] },
    'month-end': { label: 'Reagent Rentals: Month end', route: '/reagent-rentals', href: '/reagent-rentals?tab=month-end', words: ['rental invoices'] },
  },
});
