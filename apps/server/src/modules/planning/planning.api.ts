/** What other areas may use of planning (docs/ARCHITECTURE.md, Boundaries): the sales plans' document services. */
import { documentServices } from '../../lib/document/document-services.ts';
import { salesPlanBinding } from './sales-plans.binding.ts';

export const salesPlanServices = documentServices(salesPlanBinding);
