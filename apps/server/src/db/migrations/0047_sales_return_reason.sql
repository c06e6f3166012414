-- Why goods came back, said on the credit note (and, with FBR reporting on, the Debit Note's `reason`).
ALTER TABLE sales_returns ADD COLUMN reason text NOT NULL DEFAULT '';
