import { queryAddress } from '../../components/document/document-address.ts';

/** Where an import shipment opens: the Import shipments tab of /accounting, `?tab=import-shipments&open=<id>`. Shared by the manifest and the tab. */
export const importShipmentAddress = queryAddress('/accounting', { tab: 'import-shipments' });
