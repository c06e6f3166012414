-- Issue 6, hardening: a password version per user, carried in every token. Setting or
-- resetting a password raises it, which ends every token signed before.
ALTER TABLE users ADD COLUMN password_version integer NOT NULL DEFAULT 0;
