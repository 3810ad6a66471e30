-- A change of your own email waits for the new address to confirm it (issue 25): the mailed link's
-- token (kind 'email') keeps the address asked for until then, so the account's email stays the
-- old one, and signing in and resets keep going to it, until the link is opened.
ALTER TABLE "one_time_tokens" ADD COLUMN "new_email" text;
