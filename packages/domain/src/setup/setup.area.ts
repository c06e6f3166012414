import { defineArea } from '../area/define-area.ts';
import { setupSettings } from './setup.settings.ts';
import { setupResources } from './resources.ts';
import { users } from './users.ts';

export * from './resources.ts';
export * from './users.ts';
export * from './setup.settings.ts';

/** Issue 2: master data, users and the company settings. */
export const setupArea = defineArea({
  name: 'setup',
  settings: setupSettings,
  // The screens of this area whose pickers read other areas' resources.
  optionRoutes: { accounts: ['/settings', '/asset-categories'] },
  resources: [...setupResources, users],
});
