-- Issue 29, section 1: the company's sales tax registrations and rates, in sales' section of the
-- settings. The digits are stored without separators; an empty registration is ''. The further
-- tax rate (4 % of the value excluding tax, s.3(1A)) and the withholding agents' share of the tax
-- (one tenth for a registered distributor) are data a tax adviser confirms.
ALTER TABLE company_settings
  ADD COLUMN ntn text NOT NULL DEFAULT '' CHECK (ntn ~ '^([0-9]{7})?$'),
  ADD COLUMN strn text NOT NULL DEFAULT '' CHECK (strn ~ '^([0-9]{13})?$'),
  ADD COLUMN province text CHECK (province IN ('punjab', 'sindh', 'khyberPakhtunkhwa', 'balochistan', 'capitalTerritory', 'gilgitBaltistan', 'azadKashmir')),
  ADD COLUMN business_activity text NOT NULL DEFAULT 'distributor'
    CHECK (business_activity IN ('manufacturer', 'importer', 'distributor', 'wholesaler', 'exporter', 'retailer', 'serviceProvider', 'other')),
  ADD COLUMN sector text NOT NULL DEFAULT 'allOtherSectors' CHECK (sector IN ('allOtherSectors', 'pharmaceuticals', 'wholesaleRetails', 'fmcg', 'services')),
  ADD COLUMN further_tax_rate numeric(5, 2) NOT NULL DEFAULT 4.00 CHECK (further_tax_rate BETWEEN 0 AND 100),
  ADD COLUMN withholding_share_percent numeric(5, 2) NOT NULL DEFAULT 10.00 CHECK (withholding_share_percent BETWEEN 0 AND 100);
