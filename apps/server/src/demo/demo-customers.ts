import type { CustomerType } from '@erp/domain';

/**
 * The demo's customers: hospitals, laboratories, clinics and a distributor across the demo's
 * four regions, each looked after by a salesperson (a demo user by username), with a credit
 * limit (0: cash only) and, for some, a balance brought forward from the previous books; one
 * pays two months late and stays near its limit (its orders held at the limit).
 */
export interface DemoCustomer {
  customerName: string;
  customerType: CustomerType;
  region: string;
  city: string;
  address: string;
  phone: string;
  email: string;
  taxNumber: string;
  creditLimit: string;
  paymentTermsDays: number;
  salesperson: 'salesExecutive' | 'salesManager';
  /** Owed on the opening day (Dr the customer's account), or absent. */
  openingBalance?: string;
  /** Pays this many days after the due date (the demo's sales history, seed-sales-history.ts); absent: on time. */
  paysDaysLate?: number;
  /** A government body that withholds part of the sales tax it pays (issue 29): the public hospitals. */
  withholdingAgent?: boolean;
}

export const demoCustomers: readonly DemoCustomer[] = [
  { customerName: 'Services Hospital Lahore', customerType: 'hospital', region: 'Lahore', city: 'Lahore', address: 'Jail Road, Shadman, Lahore', phone: '+92 42 9920 3402', email: 'procurement@services-hospital.example', taxNumber: 'NTN 0711234-5', creditLimit: '60000000.00', paymentTermsDays: 60, salesperson: 'salesManager', openingBalance: '25000000.00', withholdingAgent: true },
  { customerName: 'Chughtai Diagnostic Centre', customerType: 'laboratory', region: 'Lahore', city: 'Lahore', address: '7-Jail Road, Main Gulberg, Lahore', phone: '+92 42 111 456 789', email: 'purchase@chughtai-lab.example', taxNumber: 'NTN 2987654-1', creditLimit: '10000000.00', paymentTermsDays: 30, salesperson: 'salesExecutive', openingBalance: '7000000.00', paysDaysLate: 60 },
  { customerName: 'Gujranwala Family Clinic', customerType: 'clinic', region: 'Lahore', city: 'Gujranwala', address: 'GT Road, Satellite Town, Gujranwala', phone: '+92 55 384 1120', email: 'admin@gfclinic.example', taxNumber: '', creditLimit: '0.00', paymentTermsDays: 0, salesperson: 'salesExecutive' },
  { customerName: 'Aga Khan University Hospital Laboratory', customerType: 'laboratory', region: 'Karachi', city: 'Karachi', address: 'Stadium Road, Karachi', phone: '+92 21 3493 0051', email: 'lab.supplies@akuh.example', taxNumber: 'NTN 0801122-9', creditLimit: '72000000.00', paymentTermsDays: 45, salesperson: 'salesManager', openingBalance: '30000000.00' },
  { customerName: 'Liaquat University Hospital', customerType: 'hospital', region: 'Karachi', city: 'Hyderabad', address: 'Hirabad, Hyderabad', phone: '+92 22 921 3306', email: 'stores@luh.example', taxNumber: 'NTN 1102233-4', creditLimit: '30000000.00', paymentTermsDays: 60, salesperson: 'salesExecutive', withholdingAgent: true },
  { customerName: 'Sukkur Medicare Clinic', customerType: 'clinic', region: 'Karachi', city: 'Sukkur', address: 'Military Road, Sukkur', phone: '+92 71 562 0144', email: 'info@sukkurmedicare.example', taxNumber: '', creditLimit: '1500000.00', paymentTermsDays: 15, salesperson: 'salesExecutive' },
  { customerName: 'Sindh Lab Supplies Distributors', customerType: 'distributor', region: 'Karachi', city: 'Karachi', address: 'Plot 44, SITE Area, Karachi', phone: '+92 21 3257 8800', email: 'orders@sindhlab.example', taxNumber: 'NTN 3344556-7', creditLimit: '120000000.00', paymentTermsDays: 30, salesperson: 'salesManager', openingBalance: '50000000.00' },
  { customerName: 'Pakistan Institute of Medical Sciences', customerType: 'hospital', region: 'Islamabad', city: 'Islamabad', address: 'G-8/3, Islamabad', phone: '+92 51 926 1170', email: 'purchase@pims.example', taxNumber: 'NTN 0601987-3', creditLimit: '60000000.00', paymentTermsDays: 90, salesperson: 'salesManager', withholdingAgent: true },
  { customerName: 'Excel Labs Rawalpindi', customerType: 'laboratory', region: 'Islamabad', city: 'Rawalpindi', address: 'Murree Road, Satellite Town, Rawalpindi', phone: '+92 51 111 001 007', email: 'supplies@excel-labs.example', taxNumber: 'NTN 4455667-0', creditLimit: '20000000.00', paymentTermsDays: 30, salesperson: 'salesExecutive', openingBalance: '5000000.00' },
  { customerName: 'Peshawar Children Clinic', customerType: 'clinic', region: 'Islamabad', city: 'Peshawar', address: 'University Road, Peshawar', phone: '+92 91 584 2210', email: 'clinic@pcc-peshawar.example', taxNumber: '', creditLimit: '0.00', paymentTermsDays: 0, salesperson: 'salesExecutive' },
  { customerName: 'Nishtar Hospital Multan', customerType: 'hospital', region: 'Multan', city: 'Multan', address: 'Nishtar Road, Multan', phone: '+92 61 920 0231', email: 'stores@nishtar.example', taxNumber: 'NTN 0905566-2', creditLimit: '45000000.00', paymentTermsDays: 60, salesperson: 'salesManager', withholdingAgent: true },
  { customerName: 'Bahawal Victoria Diagnostic Lab', customerType: 'laboratory', region: 'Multan', city: 'Bahawalpur', address: 'Circular Road, Bahawalpur', phone: '+92 62 925 0460', email: 'lab@bvh-diagnostics.example', taxNumber: 'NTN 5566778-8', creditLimit: '15000000.00', paymentTermsDays: 30, salesperson: 'salesExecutive' },
];
