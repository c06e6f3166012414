-- Issue 20: how a pay slip's net is rounded, a setting instead of the fixed "up to 1". The step
-- is what the net is a multiple of (0.01: not rounded beyond the cent), the mode which way.
-- The defaults keep what every run computed so far: up to 1.
ALTER TABLE company_settings
  ADD COLUMN net_rounding_step text NOT NULL DEFAULT '1' CHECK (net_rounding_step IN ('0.01', '1', '10', '100')),
  ADD COLUMN net_rounding_mode text NOT NULL DEFAULT 'up' CHECK (net_rounding_mode IN ('up', 'nearest', 'down'));
