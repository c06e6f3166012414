/**
 * The demo's vendors: reagent makers and consumables importers, and which catalogue groups
 * (by article-number prefix, demo-catalogue.ts) each supplies.
 */
export interface DemoVendor {
  vendorName: string;
  contactPerson: string;
  phone: string;
  email: string;
  address: string;
  /** A city of the demo's regions. */
  city: string;
  paymentTermsDays: number;
  prefixes: readonly string[];
}

export const demoVendors: readonly DemoVendor[] = [
  {
    vendorName: 'Diagnova Reagents GmbH',
    contactPerson: 'Katrin Vogel',
    phone: '+49 621 759 0',
    email: 'export@diagnova.example',
    address: 'Sandhofer Strasse 116, Mannheim, Germany',
    city: 'Karachi',
    paymentTermsDays: 60,
    prefixes: ['CC', 'IA', 'QC', 'CL'],
  },
  {
    vendorName: 'Hemacell Diagnostics Ltd',
    contactPerson: 'Kenji Morita',
    phone: '+81 78 991 1911',
    email: 'orders@hemacell.example',
    address: '1-5-1 Wakinohama, Kobe, Japan',
    city: 'Karachi',
    paymentTermsDays: 60,
    prefixes: ['HM'],
  },
  {
    vendorName: 'BioCulture Media Inc',
    contactPerson: 'Laura Bennett',
    phone: '+1 410 316 4000',
    email: 'intl@bioculture.example',
    address: '7 Loveton Circle, Sparks, MD, USA',
    city: 'Karachi',
    paymentTermsDays: 45,
    prefixes: ['MB', 'MD'],
  },
  {
    vendorName: 'Medline Consumables Pakistan',
    contactPerson: 'Imran Qureshi',
    phone: '+92 42 3587 1200',
    email: 'sales@medlinepk.example',
    address: '18 Industrial Estate, Kot Lakhpat, Lahore',
    city: 'Lahore',
    paymentTermsDays: 30,
    prefixes: ['BT', 'PT', 'GL', 'SW'],
  },
  {
    vendorName: 'LabEquip Trading Co',
    contactPerson: 'Saima Rauf',
    phone: '+92 51 2345 678',
    email: 'info@labequip.example',
    address: 'Plot 4, I-9 Industrial Area, Islamabad',
    city: 'Islamabad',
    paymentTermsDays: 30,
    prefixes: ['AN', 'CF', 'MS'],
  },
  {
    vendorName: 'Glassworks Scientific',
    contactPerson: 'Tariq Mehmood',
    phone: '+92 52 3256 410',
    email: 'orders@glassworks.example',
    address: 'Small Industrial Estate, Sialkot',
    city: 'Sialkot',
    paymentTermsDays: 15,
    prefixes: ['GB', 'GF', 'GT'],
  },
];
