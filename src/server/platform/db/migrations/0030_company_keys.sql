-- Companies seeded or added before issue 19 without a key (the demo's) get the `yclients:<id>` key the accounts
-- screens and the webhook tie read; rows whose id is unknown stay as they are.
UPDATE "linked_accounts" SET "external_id" = 'yclients:' || ("data"->>'internalCompanyId')
WHERE "kind" = 'yclientsCompany' AND "external_id" IS NULL AND ("data"->>'internalCompanyId') ~ '^[0-9]+$';
