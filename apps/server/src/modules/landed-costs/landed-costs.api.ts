/** What other areas may use of the landed costs (docs/ARCHITECTURE.md, Boundaries): the import shipments' document services, taking (tx, actor, input). */
import { documentServices } from '../../lib/document/document-services.ts';
import { importShipmentBinding } from './import-shipments.binding.ts';

export const importShipmentServices = documentServices(importShipmentBinding);
