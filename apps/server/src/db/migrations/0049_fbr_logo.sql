-- Issue 30, section 6: the FBR Digital Invoicing logo PRAL hands over at onboarding, uploaded by the
-- admin and printed beside an accepted invoice's or return's QR code. One row, or none until uploaded:
-- no stand-in of FBR's mark is ever printed. PNG or JPEG (checked by content on upload), 512 KB at most.
CREATE TABLE fbr_logo (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  mime text NOT NULL CHECK (mime IN ('image/png', 'image/jpeg')),
  bytes bytea NOT NULL CHECK (octet_length(bytes) BETWEEN 1 AND 524288),
  sha256 text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
