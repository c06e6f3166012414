/**
 * The demo's staff (issue 20): about 120 employees over the regions and four departments, made
 * from fixed lists so every demo database holds the same people. The first six are the staff of
 * issue 9 (payees of advances, custodians of assets).
 */
export const demoDepartments = ['Sales', 'Service', 'Warehouse & logistics', 'Finance & administration'] as const;

const firstNames = ['Imran', 'Sana', 'Faisal', 'Ayesha', 'Kashif', 'Nadia', 'Usman', 'Hira', 'Bilal', 'Mahnoor', 'Hamza', 'Zainab', 'Ali', 'Fatima', 'Omer', 'Sadia', 'Adeel', 'Rabia', 'Tariq', 'Amna'];
const lastNames = ['Qureshi', 'Javed', 'Rehman', 'Siddiqui', 'Mehmood', 'Hussain', 'Malik', 'Chaudhry', 'Sheikh', 'Butt', 'Raza', 'Akhtar'];

const designations: Record<(typeof demoDepartments)[number], readonly string[]> = {
  Sales: ['Sales executive', 'Sales coordinator', 'Area sales manager', 'Key account manager'],
  Service: ['Field service engineer', 'Application specialist', 'Senior service engineer', 'Service coordinator'],
  'Warehouse & logistics': ['Warehouse supervisor', 'Delivery driver', 'Store keeper', 'Dispatch assistant'],
  'Finance & administration': ['Accounts officer', 'HR officer', 'Office assistant', 'Finance manager'],
};

const banks = ['Meezan Bank', 'HBL', 'MCB Bank', 'United Bank', 'Bank Alfalah'];

export interface DemoEmployee {
  employeeCode: string;
  employeeName: string;
  designation: string;
  department: (typeof demoDepartments)[number];
  /** Index into the regions, in id order (wrapped). */
  region: number;
  /** Days before today. */
  joinedDaysAgo: number;
  nationalId: string;
  phone: string;
  payMode: 'bank' | 'cash' | 'cheque';
  bankName: string | null;
  bankAccount: string | null;
  /** Monthly basic salary. */
  basic: string;
}

const issue9Staff = [
  { name: 'Imran Qureshi', designation: 'Field service engineer', department: 'Service', region: 0 },
  { name: 'Sana Javed', designation: 'Application specialist', department: 'Service', region: 0 },
  { name: 'Faisal Rehman', designation: 'Delivery driver', department: 'Warehouse & logistics', region: 1 },
  { name: 'Ayesha Siddiqui', designation: 'Accounts officer', department: 'Finance & administration', region: 1 },
  { name: 'Kashif Mehmood', designation: 'Warehouse supervisor', department: 'Warehouse & logistics', region: 2 },
  { name: 'Nadia Hussain', designation: 'Sales coordinator', department: 'Sales', region: 2 },
] as const;

export const demoEmployeeCount = 120;

function digits(seed: number, length: number): string {
  let out = '';
  let value = seed * 7919 + 104729;
  for (let i = 0; i < length; i += 1) {
    value = (value * 48271) % 2147483647;
    out += String(value % 10);
  }
  return out;
}

export const demoEmployees: readonly DemoEmployee[] = Array.from({ length: demoEmployeeCount }, (_, i) => {
  const known = issue9Staff[i];
  const department = known?.department ?? demoDepartments[i % demoDepartments.length]!;
  const name = known?.name ?? `${firstNames[i % firstNames.length]} ${lastNames[(i * 7) % lastNames.length]}`;
  const payMode = i % 10 === 7 ? 'cash' : i % 10 === 9 ? 'cheque' : 'bank';
  const bank = banks[i % banks.length]!;
  return {
    employeeCode: `EMP-${String(i + 1).padStart(4, '0')}`,
    employeeName: name,
    designation: known?.designation ?? designations[department][(i >> 2) % 4]!,
    department,
    region: known?.region ?? i % 5,
    joinedDaysAgo: 400 + ((i * 37) % 1800),
    nationalId: `${35200 + (i % 90)}-${digits(i, 7)}-${i % 10}`,
    phone: `+92 3${String(i % 50).padStart(2, '0')} ${digits(i + 500, 3)} ${digits(i + 900, 4)}`,
    payMode,
    bankName: payMode === 'bank' ? bank : null,
    bankAccount: payMode === 'bank' ? `PK${String(10 + (i % 89))}${bank.slice(0, 4).toUpperCase().replace(/[^A-Z]/g, 'X')}${digits(i + 1300, 16)}` : null,
    // 18,000 to 40,500 a month by steps of 2,500: with the allowances a gross of about 35,000 to
    // 70,000, Pakistani wages, so the payroll is 10-15 % of the demo's sales (issue 27).
    basic: `${18000 + ((i * 2500 * 13) % 25000)}.00`,
  };
});
