import { accountingModule } from './accounting/accounting.module.ts';
import { assetsModule } from './assets/assets.module.ts';
import { authModule } from './auth/auth.module.ts';
import { importsModule } from './imports/imports.module.ts';
import { inventoryModule } from './inventory/inventory.module.ts';
import type { ServerModule } from './module.ts';
import { moneyModule } from './money/money.module.ts';
import { purchasingModule } from './purchasing/purchasing.module.ts';
import { salesModule } from './sales/sales.module.ts';
import { setupModule } from './setup/setup.module.ts';

/** Every area of the server, registered in this order by app.ts. */
export const serverModules: readonly ServerModule[] = [authModule, setupModule, accountingModule, inventoryModule, purchasingModule, salesModule, moneyModule, assetsModule, importsModule];
