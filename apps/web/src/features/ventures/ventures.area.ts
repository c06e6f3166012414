import { lazyScreen } from '../../lib/areas/screen-map.ts';
import { defineArea } from '../../lib/areas/web-area.ts';
import { settlementAddress, ventureAddress } from './ventures-addresses.ts';

export const venturesArea = defineArea({
  name: 'ventures',
  screens: {
    '/joint-ventures': lazyScreen(() => import('./joint-ventures-screen.tsx'), 'JointVenturesScreen'),
  },
  creates: { 'joint-ventures': { label: 'New joint venture', route: '/joint-ventures', href: ventureAddress.href('new') } },
  documentLinks: { 'jv-settlements': settlementAddress, 'joint-ventures': ventureAddress },
  tabs: { settlements: { label: 'Joint Ventures: Settlements', route: '/joint-ventures', href: '/joint-ventures?tab=settlements', words: ['JV'] } },
  // active (green) and closed (default) are coloured by other areas already.
});
