import { addMonths, monthOf, type RentalAgreementDetail, type RentalAlert } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { underCommitmentMonths } from './rental-agreements.queries.ts';

/**
 * Alerts of one agreement (issue 21, section 2): under 80 % three months running (`underMonths`,
 * the months underCommitmentMonths found, the list's own rule), ending within 90/60/30 days, maintenance due.
 */
export function alertsOf(agreement: RentalAgreementDetail, underMonths: string | null, lastPreventive: string | null, today: string): RentalAlert[] {
  const alerts: RentalAlert[] = [];
  if (underMonths) alerts.push({ kind: 'underCommitment', message: `Under 80 % of the commitment for 3 months running (${underMonths})` });
  if (agreement.status === 'active') {
    const termEnd = new Date(Date.parse(`${agreement.startDate}T00:00:00Z`));
    termEnd.setUTCMonth(termEnd.getUTCMonth() + agreement.termMonths);
    const days = Math.round((termEnd.getTime() - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
    const within = [30, 60, 90].find((d) => days >= 0 && days <= d);
    if (within) alerts.push({ kind: 'ending', message: `Ends within ${within} days (${termEnd.toISOString().slice(0, 10)})` });
    if (agreement.maintenanceMonths && agreement.placementDate) {
      const from = lastPreventive ?? agreement.placementDate;
      const due = `${addMonths(monthOf(from), agreement.maintenanceMonths)}${from.slice(7)}`;
      if (due <= today) alerts.push({ kind: 'maintenanceDue', message: `Preventive maintenance due since ${due}` });
    }
  }
  return alerts;
}

/** The agreement's alerts as of `today`, and the units idle in its region (in stock), read in one statement. */
export async function agreementAlerts(executor: Executor, agreement: RentalAgreementDetail, today: string): Promise<{ alerts: RentalAlert[]; idleInRegion: number }> {
  const [extra] = await queryRows<{ lastPreventive: string | null; idle: number; underMonths: string | null }>(
    executor,
    sql`SELECT (SELECT ${underCommitmentMonths('a')} FROM rental_agreements a WHERE a.id = ${agreement.id}::int) AS "underMonths",
               (SELECT max(visit_date)::text FROM service_visits WHERE rental_agreement_id = ${agreement.id}::int AND status = 'posted' AND visit_kind IN ('preventive', 'install')) AS "lastPreventive",
               (SELECT count(*)::int FROM rental_assets WHERE region_id = ${agreement.regionId}::int AND status = 'inStock') AS idle`,
  );
  return { alerts: alertsOf(agreement, extra!.underMonths, extra!.lastPreventive, today), idleInRegion: Number(extra!.idle) };
}
