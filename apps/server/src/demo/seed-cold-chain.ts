import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client.ts';
import { storageUnits } from '../db/schema/index.ts';
import { companyTimeZone } from '../modules/cold-chain/cold-chain-sql.ts';
import { dispositionExcursion } from '../modules/cold-chain/temperature-excursions.service.ts';
import { lockUnit, storeReadings } from '../modules/cold-chain/temperature-readings.service.ts';
import { actorOf } from './demo-actors.ts';

const hour = 3_600_000;

/** A unit's logger record: `temperatures` read every `everyHours`, the last an hour before now (on the hour). */
interface DemoUnit {
  unitName: string;
  unitKind: 'fridge' | 'coldRoom';
  regionName: string;
  isDefault: boolean;
  loggerSerial: string;
  everyHours: number;
  temperatures: readonly string[];
}

const demoUnits: readonly DemoUnit[] = [
  {
    // Lahore's default cold room: every refrigerated lot of the region is in it. The door left ajar
    // one afternoon (8.60, 9.10 °C): its lots were held, then released by the operation manager.
    unitName: 'Cold room LHR-1',
    unitKind: 'coldRoom',
    regionName: 'Lahore',
    isDefault: true,
    loggerSerial: 'LOG-LHR-01',
    everyHours: 2,
    temperatures: ['4.20', '4.40', '4.10', '3.90', '4.60', '5.10', '5.80', '6.90', '8.60', '9.10', '6.40', '5.20', '4.80', '4.50', '4.30', '4.10', '4.00', '4.20', '4.70', '5.00', '4.60', '4.40', '4.30', '4.10'],
  },
  {
    // A vaccine fridge in Karachi (not the default, so it holds no lot nobody placed there): a power
    // cut warmed it to 10.20 °C last night, back in range this morning, awaiting a decision.
    unitName: 'Vaccine fridge KHI-2',
    unitKind: 'fridge',
    regionName: 'Karachi',
    isDefault: false,
    loggerSerial: 'LOG-KHI-02',
    everyHours: 3,
    temperatures: ['5.10', '5.30', '4.90', '5.00', '5.40', '5.20', '4.80', '5.00', '5.60', '6.80', '8.90', '10.20', '7.10', '5.90', '5.30', '5.00'],
  },
];

/**
 * Issue 31's demo cold chain: two refrigerated units with a logger's readings over the last two
 * days, each with an excursion: Lahore's decided (released), Karachi's awaiting disposition (the
 * dashboard's counts). Through the readings service, so the excursions and holds are the real ones.
 */
export async function seedColdChain(tx: Tx): Promise<void> {
  const manager = await actorOf(tx, 'operationManager');
  const supervisor = await actorOf(tx, 'inventorySupervisor');
  const timeZone = await companyTimeZone(tx);
  const lastReading = Math.floor(Date.now() / hour) * hour - hour;
  for (const demo of demoUnits) {
    const [region] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM regions WHERE region_name = ${demo.regionName}`);
    if (!region) continue;
    const [row] = await tx
      .insert(storageUnits)
      .values({
        unitName: demo.unitName,
        unitKind: demo.unitKind,
        regionId: Number(region.id),
        storageCondition: 'refrigerated',
        minC: '2.00',
        maxC: '8.00',
        isDefault: demo.isDefault,
        loggerSerial: demo.loggerSerial,
        responsibleUserId: manager.userId,
      })
      .returning({ id: storageUnits.id });
    const unit = (await lockUnit(tx, supervisor, row!.id))!;
    const count = demo.temperatures.length;
    const readings = demo.temperatures.map((temperatureC, index) => ({
      readAt: new Date(lastReading - (count - 1 - index) * demo.everyHours * hour),
      temperatureC,
      notes: '',
    }));
    await storeReadings(tx, supervisor, unit, readings, { source: 'logger', timeZone });
  }
  const [lahore] = await queryRows<{ id: number }>(
    tx,
    sql`SELECT e.id FROM temperature_excursions e JOIN storage_units u ON u.id = e.storage_unit_id WHERE u.unit_name = 'Cold room LHR-1' AND e.status = 'awaitingDisposition'`,
  );
  if (lahore) {
    await dispositionExcursion(tx, manager, Number(lahore.id), {
      disposition: 'release',
      reason: 'Door left ajar during the stock count: 4 hours up to 9.10 °C is within the manufacturers’ stability data',
    });
  }
}
