import { coldChainMessages, type ColdStorageCondition, compareDecimal, defaultRangeByCondition, permittedIds, storageUnits as storageUnitsDeclaration } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { type Executor, intList, queryRows } from '../../db/client.ts';
import { storageUnits } from '../../db/schema/index.ts';
import { todayIso } from '../../ledger/general-ledger.ts';
import { BadRequestError, ConflictError } from '../../lib/app-error.ts';
import { registerConstraintRefusal } from '../../lib/pg-error.ts';
import type { ResourceBinding, Row, RowScopeSubject } from '../../lib/resource/resource-binding.ts';
import { utcText } from './cold-chain-sql.ts';
import { unitOfRowByDay } from './storage-placements.ts';

/** A unit's row scope: the caller's regions (empty: all). */
export function unitRegionScope(subject: RowScopeSubject, regionColumn = sql`storage_units.region_id`) {
  const regions = permittedIds(subject.permissions, 'regions');
  return regions ? sql`${regionColumn} IN (${intList(regions)})` : undefined;
}

/**
 * The range a write leaves the unit with: the given bounds, else the condition's (a changed
 * condition without bounds takes the new condition's), refused unless min < max.
 */
function rangeOf(merged: Row, input: Row, conditionChanged: boolean): { minC: string; maxC: string } {
  const defaults = defaultRangeByCondition[merged.storageCondition as ColdStorageCondition];
  const bound = (key: 'minC' | 'maxC') => {
    const given = input[key];
    if (typeof given === 'string') return given;
    if (given === null || conditionChanged || merged[key] === undefined || merged[key] === null) return defaults[key];
    return String(merged[key]);
  };
  const range = { minC: bound('minC'), maxC: bound('maxC') };
  if (compareDecimal(range.minC, range.maxC) >= 0) throw new BadRequestError({ maxC: coldChainMessages.rangeOrder });
  return range;
}

/** One default per region and condition: a second is refused naming the first. */
async function assertDefaultFree(tx: Executor, merged: Row, ownId: number | null): Promise<void> {
  if (merged.isDefault !== true) return;
  const [taken] = await queryRows<{ unitName: string }>(
    tx,
    sql`SELECT unit_name AS "unitName" FROM storage_units
        WHERE region_id = ${Number(merged.regionId)}::int AND storage_condition = ${String(merged.storageCondition)} AND is_default
          ${ownId === null ? sql`` : sql`AND id <> ${ownId}::int`}`,
  );
  if (taken) {
    const message = coldChainMessages.defaultTaken(taken.unitName);
    throw new ConflictError(message, { isDefault: message });
  }
}

/** A unit's record (its readings and excursions) belongs to its region's: the unit stays there once it has one. */
async function assertNoReadings(tx: Executor, unitId: number): Promise<void> {
  const [reading] = await queryRows(tx, sql`SELECT 1 FROM temperature_readings WHERE storage_unit_id = ${unitId}::int LIMIT 1`);
  if (reading) throw new ConflictError(coldChainMessages.regionKept, { regionId: coldChainMessages.regionKept });
}

/**
 * Lots are watched by the unit of their region and condition they are in (placed, else the
 * region's default): a unit holding lots with stock keeps both, or those lots would be in none.
 * Runs after the unit's row is locked (resource-writes' lockRow), so a placement committed while
 * this waited is seen; a later one waits for this change and is judged against it.
 */
async function assertHoldsNoLots(tx: Executor, before: Row, field: 'storageCondition' | 'regionId'): Promise<void> {
  const today = sql`SELECT ${todayIso()}::date`;
  const [held] = await queryRows(
    tx,
    sql`SELECT 1 FROM (${unitOfRowByDay(Number(before.regionId), String(before.storageCondition), today)}) p JOIN inventory i ON i.id = p.inventory_id
        WHERE p.storage_unit_id = ${Number(before.id)}::int AND i.quantity > 0 LIMIT 1`,
  );
  if (!held) return;
  const message = field === 'storageCondition' ? coldChainMessages.conditionKeptWithLots : coldChainMessages.regionKeptWithLots;
  throw new ConflictError(message, { [field]: message });
}

// Two writers racing past the check above meet the partial unique index.
registerConstraintRefusal('storage_units_one_default', () => ({
  status: 409,
  message: 'Another unit is already the default of this region for this storage condition',
  errors: { isDefault: 'Another unit is already the default of this region for this storage condition' },
}));
registerConstraintRefusal('storage_units_range_check', () => ({ status: 400, message: coldChainMessages.rangeOrder, errors: { maxC: coldChainMessages.rangeOrder } }));

const emptyToNull = (value: unknown) => (value === '' ? null : value);

/** The last reading of the unit, `{readAt, temperatureC}` or null. */
const lastReading = sql`(SELECT json_build_object('readAt', ${utcText(sql`r.read_at`)}, 'temperatureC', r.temperature_c::text)
  FROM temperature_readings r WHERE r.storage_unit_id = storage_units.id ORDER BY r.read_at DESC LIMIT 1)`;

/** Storage units: the generic resource, with the range's defaults, one default per region and condition, and the excursion state. */
export const storageUnitBinding: ResourceBinding = {
  declaration: storageUnitsDeclaration,
  table: storageUnits,
  hooks: {
    rowColumns: {
      inExcursion: sql`(storage_units.open_excursion_id IS NOT NULL)`,
      openExcursionId: storageUnits.openExcursionId,
      lastReading,
    },
    optionColumns: { regionId: storageUnits.regionId, storageCondition: storageUnits.storageCondition, loggerSerial: storageUnits.loggerSerial, active: storageUnits.active },
    namedFilters: { inExcursion: () => sql`storage_units.open_excursion_id IS NOT NULL` },
    writes: {
      beforeInsert: async (tx, _actor, input) => {
        const merged = { ...input, loggerSerial: emptyToNull(input.loggerSerial) };
        const range = rangeOf(merged, input, false);
        await assertDefaultFree(tx, merged, null);
        return { ...range, loggerSerial: merged.loggerSerial ?? null };
      },
      beforeUpdate: async (tx, _actor, before, input) => {
        const merged = { ...before, ...input, loggerSerial: emptyToNull(input.loggerSerial ?? before.loggerSerial) };
        const regionChanged = input.regionId !== undefined && input.regionId !== before.regionId;
        if (regionChanged) await assertNoReadings(tx, Number(before.id));
        const conditionChanged = input.storageCondition !== undefined && input.storageCondition !== before.storageCondition;
        if (conditionChanged) await assertHoldsNoLots(tx, before, 'storageCondition');
        else if (regionChanged) await assertHoldsNoLots(tx, before, 'regionId');
        const range = rangeOf(merged, input, conditionChanged);
        await assertDefaultFree(tx, merged, Number(before.id));
        return { ...range, ...(input.loggerSerial !== undefined ? { loggerSerial: merged.loggerSerial ?? null } : {}) };
      },
    },
  },
};
